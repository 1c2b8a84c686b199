// The onesweep radix sort's state, reset by radix_digit_counts.comp and used by
// radix_onesweep.comp (the includer defines STATE_BINDING):
//  - fallback: per pass, three VkDispatchIndirectCommand (count, scan, scatter) that redo the
//    pass with the three-step kernels where the host recorded them (CPU devices); zero unless a
//    tile of that pass gave up, which sets them;
//  - ticket: per pass, the next tile to draw; gave_up: per pass, the look-backs that gave up;
//  - done: pass 3's groups that finished; the last one zeroes the digit totals for the next run
//    and `done` itself (so a run leaves them clean; the sorter zeroes them when it is made);
//  - status: two regions (the passes alternate), one word per (tile, digit), flag << 30 | value:
//    0 not yet, AGGREGATE (the tile's count of the digit), INCLUSIVE (with every tile before),
//    ABORTED (this look-back gave up; so do those that meet it). Values < 2^30: n < 2^30.
// coherent: other groups' stores are seen; volatile: every read goes to memory (a spin re-reads).
layout(std430, binding = STATE_BINDING) coherent volatile buffer State { uint fallback[36]; uint ticket[4]; uint gave_up[4]; uint done; uint pad[3]; uint status[]; };
const uint STATE_HEADER = 48u; // words before status
const uint AGGREGATE = 1u << 30, INCLUSIVE = 2u << 30, ABORTED = 3u << 30, FLAGS = 3u << 30, VALUE = 0x3FFFFFFFu;

// The status word of (tile, digit) in a region; the regions are laid out for this run's tiles
// (every word a run uses is reset earlier in the same run, so n may change from run to run).
uint status_at(uint region, uint tile, uint digit) { return (region * p.tiles + tile) * DIGITS + digit; }
