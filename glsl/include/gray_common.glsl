// Seed 004's grayscale conversion, in exact integer arithmetic so every device agrees with the
// CPU (src/cpu/gray.rs): grey = (299 r + 587 g + 114 b + 500) / 1000, i.e. 0.299 / 0.587 / 0.114
// rounded half up; the output pixel is (grey, grey, grey, a). Pixels are packed u32
// (r | g << 8 | b << 16 | a << 24).
uint gray_pixel(uint p) {
    uint r = p & 255u, g = (p >> 8u) & 255u, b = (p >> 16u) & 255u;
    uint y = (299u * r + 587u * g + 114u * b + 500u) / 1000u;
    return y | (y << 8u) | (y << 16u) | (p & 0xFF000000u);
}
