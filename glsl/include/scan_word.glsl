// A 32-bit value published in two write-once words, VALID | 16 bits each (the single pass's
// status encoding): a word is either 0 or final, so a reader needs no ordering between the two.
// Shared by overlap_reduce.comp and overlap_scan.comp.
const uint VALID = 0x80000000u;

uvec2 word_of(uint v) {
    return uvec2(VALID | (v & 0xFFFFu), VALID | (v >> 16u));
}
bool published(uvec2 w) {
    return (w.x & w.y & VALID) != 0u;
}
uint value_of(uvec2 w) {
    return (w.x & 0xFFFFu) | (w.y << 16u);
}
