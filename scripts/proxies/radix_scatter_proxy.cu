// A CUDA proxy of `radix`'s scatter (glsl/sort/radix_scatter.comp with glsl/include/radix_split.glsl
// and radix_common.glsl, keys only, u32): the same tile (256 invocations x KPI keys), the same three
// stable splits of 3, 3 and 2 bits with nibble counts and a group scan by shuffles, the same
// digit-major counts and offsets and the same write-out. Nsight Compute reads CUDA kernels'
// counters but sees no Vulkan dispatch, so this port is how we look at where the scatter's time
// goes (stall reasons, issue rate, occupancy): docs/sort.md, thirty-ninth session.
// Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/proxy scripts/proxies/radix_scatter_proxy.cu && /tmp/proxy 26
// -DKPI=N changes the keys per invocation; -DMINB=B asks for B groups a multiprocessor;
// -DRANK_MATCH=1 ranks by matched digits (what radix_tile.glsl does since that session), with
// -DMATCH_MODE=0|1|2 (eight ballots, __match_any_sync, atomicOr masks); -DXWARP_SHFL=1 scans the
// warp totals by shuffles. Arguments: log2 n, the digit's shift, a hex mask ANDed into the keys.
#include "../peers/cuda_bench.cuh" // CK, median_ms
#include <cstdint>
#include <cstdio>
#include <vector>

#ifndef KPI
#define KPI 12
#endif
#ifndef MINB
#define MINB 1
#endif
#ifndef RANK_MATCH
#define RANK_MATCH 0 // 1: rank by matched digits (eight ballots a key, CUB's WARP_MATCH_ANY) instead of the splits
#endif
#ifndef MATCH_MODE
#define MATCH_MODE 0 // how RANK_MATCH finds a lane's peers: 0 eight ballots, 1 __match_any_sync, 2 atomicOr on a shared mask
#endif
#ifndef XWARP_SHFL
#define XWARP_SHFL 0 // 1: the subgroup totals scanned by shuffles over 8 lanes, not summed by every lane
#endif
constexpr unsigned TILE = 256u * KPI;
constexpr unsigned DIGITS = 256u;

__device__ __forceinline__ unsigned slot(unsigned at) { return at + (at >> 5u); }

// The exclusive warp sum of four counts by shuffles up (SCAN_BY_SHUFFLES in radix_common.glsl).
__device__ __forceinline__ uint4 exclusive_add_by_shuffles(uint4 v) {
    uint4 x = v;
    unsigned lane = threadIdx.x & 31u;
#pragma unroll
    for (unsigned d = 1u; d < 32u; d <<= 1u) {
        uint4 t;
        t.x = __shfl_up_sync(0xFFFFFFFFu, x.x, d);
        t.y = __shfl_up_sync(0xFFFFFFFFu, x.y, d);
        t.z = __shfl_up_sync(0xFFFFFFFFu, x.z, d);
        t.w = __shfl_up_sync(0xFFFFFFFFu, x.w, d);
        if (lane >= d) { x.x += t.x; x.y += t.y; x.z += t.z; x.w += t.w; }
    }
    return make_uint4(x.x - v.x, x.y - v.y, x.z - v.z, x.w - v.w);
}

struct Shared {
    unsigned tile_keys[TILE + TILE / 32u];
    uint4 scan_sums[8];
    unsigned digit_place[DIGITS];
};

// group_exclusive_scan of radix_common.glsl: warp scan, one slot per warp, a barrier, the slots summed.
__device__ __forceinline__ uint4 group_exclusive_scan(Shared& s, uint4 v, uint4& total) {
    unsigned warp = threadIdx.x >> 5u, lane = threadIdx.x & 31u;
    uint4 excl = exclusive_add_by_shuffles(v);
    if (lane == 31u) s.scan_sums[warp] = make_uint4(excl.x + v.x, excl.y + v.y, excl.z + v.z, excl.w + v.w);
    __syncthreads();
#if XWARP_SHFL
    uint4 w = lane < 8u ? s.scan_sums[lane] : make_uint4(0u, 0u, 0u, 0u);
    uint4 x = w;
#pragma unroll
    for (unsigned d = 1u; d < 8u; d <<= 1u) {
        uint4 t;
        t.x = __shfl_up_sync(0xFFFFFFFFu, x.x, d);
        t.y = __shfl_up_sync(0xFFFFFFFFu, x.y, d);
        t.z = __shfl_up_sync(0xFFFFFFFFu, x.z, d);
        t.w = __shfl_up_sync(0xFFFFFFFFu, x.w, d);
        if (lane >= d) { x.x += t.x; x.y += t.y; x.z += t.z; x.w += t.w; }
    }
    excl.x += __shfl_sync(0xFFFFFFFFu, x.x - w.x, warp);
    excl.y += __shfl_sync(0xFFFFFFFFu, x.y - w.y, warp);
    excl.z += __shfl_sync(0xFFFFFFFFu, x.z - w.z, warp);
    excl.w += __shfl_sync(0xFFFFFFFFu, x.w - w.w, warp);
    total = make_uint4(__shfl_sync(0xFFFFFFFFu, x.x, 7), __shfl_sync(0xFFFFFFFFu, x.y, 7), __shfl_sync(0xFFFFFFFFu, x.z, 7),
                       __shfl_sync(0xFFFFFFFFu, x.w, 7));
    return excl;
#endif
    total = make_uint4(0u, 0u, 0u, 0u);
    for (unsigned q = 0u; q < 8u; ++q) {
        uint4 t = s.scan_sums[q];
        if (q < warp) { excl.x += t.x; excl.y += t.y; excl.z += t.z; excl.w += t.w; }
        total.x += t.x; total.y += t.y; total.z += t.z; total.w += t.w;
    }
    return excl;
}

__device__ __forceinline__ unsigned comp(uint4 v, unsigned i) { return i == 0u ? v.x : i == 1u ? v.y : i == 2u ? v.z : v.w; }

// One stable split on `width` bits at `bit` (split() of radix_split.glsl).
__device__ __forceinline__ void split(Shared& s, unsigned bit, unsigned width, const unsigned (&k)[KPI]) {
    unsigned mask = (1u << width) - 1u;
    unsigned nibbles = 0u;
#pragma unroll
    for (unsigned j = 0u; j < KPI; ++j) nibbles += 1u << (4u * ((k[j] >> bit) & mask));
    uint4 counts = make_uint4((nibbles & 0xFu) | ((nibbles << 12u) & 0xF0000u), ((nibbles >> 8u) & 0xFu) | ((nibbles << 4u) & 0xF0000u),
                              ((nibbles >> 16u) & 0xFu) | ((nibbles >> 4u) & 0xF0000u), ((nibbles >> 24u) & 0xFu) | ((nibbles >> 12u) & 0xF0000u));
    uint4 total;
    uint4 next = group_exclusive_scan(s, counts, total);
    unsigned start = 0u;
    unsigned nx[4] = {next.x, next.y, next.z, next.w}, tt[4] = {total.x, total.y, total.z, total.w};
#pragma unroll
    for (unsigned v = 0u; v < 8u; ++v) {
        nx[v >> 1u] += start << (16u * (v & 1u));
        start += (tt[v >> 1u] >> (16u * (v & 1u))) & 0xFFFFu;
    }
    unsigned seen = 0u;
#pragma unroll
    for (unsigned j = 0u; j < KPI; ++j) {
        unsigned v = (k[j] >> bit) & mask;
        unsigned w = v < 4u ? (v < 2u ? nx[0] : nx[1]) : (v < 6u ? nx[2] : nx[3]);
        s.tile_keys[slot(((w >> (16u * (v & 1u))) & 0xFFFFu) + ((seen >> (4u * v)) & 0xFu))] = k[j];
        seen += 1u << (4u * v);
    }
    __syncthreads();
}

__global__ void __launch_bounds__(256, MINB) scatter(const unsigned* __restrict__ keys, const unsigned* __restrict__ tile_counts,
                                                     const unsigned* __restrict__ tile_offsets, const unsigned* __restrict__ digit_totals,
                                                     unsigned* __restrict__ sorted, unsigned n, unsigned shift, unsigned tiles) {
    __shared__ Shared s;
    unsigned l = threadIdx.x, tile = blockIdx.x, start = tile * TILE;
    unsigned valid = min(TILE, n - start), first = l * KPI;
    unsigned k[KPI];
    if (first + KPI <= valid) {
#pragma unroll
        for (unsigned q = 0u; q < KPI / 4u; ++q) {
            uint4 v = reinterpret_cast<const uint4*>(keys)[(start + first) / 4u + q];
            k[4 * q] = v.x; k[4 * q + 1] = v.y; k[4 * q + 2] = v.z; k[4 * q + 3] = v.w;
        }
    } else {
#pragma unroll
        for (unsigned j = 0u; j < KPI; ++j) k[j] = first + j < valid ? keys[start + first + j] : 0xFFFFFFFFu;
    }
    unsigned row = l * tiles + tile;
    uint4 total;
    uint4 before = group_exclusive_scan(s, make_uint4(tile_counts[row], digit_totals[l], 0u, 0u), total);
    s.digit_place[l] = before.y + tile_offsets[row] - before.x;
    __syncthreads();
#pragma unroll
    for (unsigned bit = 0u; bit < 8u; bit += 3u) {
        if (bit > 0u) {
#pragma unroll
            for (unsigned j = 0u; j < KPI; ++j) k[j] = s.tile_keys[slot(first + j)];
        }
        split(s, shift + bit, bit < 6u ? 3u : 2u, k);
    }
#pragma unroll
    for (unsigned r = 0u; r < KPI; ++r) {
        unsigned at = r * 256u + l;
        if (at < valid) {
            unsigned key = s.tile_keys[slot(at)];
            sorted[s.digit_place[(key >> shift) & 0xFFu] + at] = key;
        }
    }
}

// Ranking by matched digits, CUB's way: each warp ranks its 384 consecutive keys (12 rounds of 32,
// warp-striped, 4-byte loads) against a per-warp count of each digit in shared memory; the lanes
// holding one digit find each other with eight ballots; the highest of them advances the count.
// Then each digit's counts are scanned over the warps, and each key goes to its place in the tile.
__global__ void __launch_bounds__(256, MINB) scatter_match(const unsigned* __restrict__ keys, const unsigned* __restrict__ tile_counts,
                                                           const unsigned* __restrict__ tile_offsets, const unsigned* __restrict__ digit_totals,
                                                           unsigned* __restrict__ sorted, unsigned n, unsigned shift, unsigned tiles) {
    __shared__ Shared s;
    __shared__ unsigned counts[8][DIGITS];
#if MATCH_MODE == 2
    __shared__ unsigned masks[8][DIGITS];
#pragma unroll
    for (unsigned w = 0u; w < 8u; ++w) masks[w][threadIdx.x] = 0u;
#endif
    unsigned l = threadIdx.x, tile = blockIdx.x, start = tile * TILE;
    unsigned warp = l >> 5u, lane = l & 31u;
    unsigned valid = min(TILE, n - start);
    unsigned base_at = warp * (TILE / 8u) + lane;
    unsigned k[KPI];
#pragma unroll
    for (unsigned r = 0u; r < KPI; ++r) {
        unsigned at = base_at + 32u * r;
        k[r] = at < valid ? keys[start + at] : 0xFFFFFFFFu;
    }
    unsigned row = l * tiles + tile;
    unsigned offset = tile_offsets[row], total_before = digit_totals[l];
#pragma unroll
    for (unsigned w = 0u; w < 8u; ++w) counts[w][l] = 0u;
    __syncthreads();
    unsigned lt = (1u << lane) - 1u;
    unsigned rank[KPI];
#pragma unroll
    for (unsigned r = 0u; r < KPI; ++r) {
        unsigned d = (k[r] >> shift) & 0xFFu;
#if MATCH_MODE == 0
        unsigned peers = 0xFFFFFFFFu;
#pragma unroll
        for (unsigned b = 0u; b < 8u; ++b) {
            bool bit = (d >> b) & 1u;
            unsigned bal = __ballot_sync(0xFFFFFFFFu, bit);
            peers &= bit ? bal : ~bal;
        }
#elif MATCH_MODE == 1
        unsigned peers = __match_any_sync(0xFFFFFFFFu, d);
#else
        atomicOr(&masks[warp][d], 1u << lane);
        __syncwarp();
        unsigned peers = masks[warp][d];
        __syncwarp();
        if ((peers >> lane) == 1u) masks[warp][d] = 0u;
#endif
        unsigned below = __popc(peers & lt);
        unsigned before = counts[warp][d];
        __syncwarp();
        if ((peers >> lane) == 1u) counts[warp][d] = before + below + 1u;
        __syncwarp();
        rank[r] = before + below;
    }
    __syncthreads();
    // Digit l: its keys in the warps before each warp, and in the tile.
    unsigned sum = 0u;
#pragma unroll
    for (unsigned w = 0u; w < 8u; ++w) { unsigned c = counts[w][l]; counts[w][l] = sum; sum += c; }
    uint4 total;
    uint4 before = group_exclusive_scan(s, make_uint4(sum, total_before, 0u, 0u), total);
    s.digit_place[l] = before.y + offset - before.x;
#pragma unroll
    for (unsigned w = 0u; w < 8u; ++w) counts[w][l] += before.x;
    __syncthreads();
#pragma unroll
    for (unsigned r = 0u; r < KPI; ++r) s.tile_keys[slot(counts[warp][(k[r] >> shift) & 0xFFu] + rank[r])] = k[r];
    __syncthreads();
#pragma unroll
    for (unsigned r = 0u; r < KPI; ++r) {
        unsigned at = r * 256u + l;
        if (at < valid) {
            unsigned key = s.tile_keys[slot(at)];
            sorted[s.digit_place[(key >> shift) & 0xFFu] + at] = key;
        }
    }
}

// The per-tile digit counts, digit-major (radix_count.comp's layout), by shared atomics.
__global__ void count(const unsigned* keys, unsigned* tile_counts, unsigned n, unsigned shift, unsigned tiles) {
    __shared__ unsigned h[DIGITS];
    h[threadIdx.x] = 0u;
    __syncthreads();
    unsigned start = blockIdx.x * TILE;
    for (unsigned i = threadIdx.x; i < TILE && start + i < n; i += 256u) atomicAdd(&h[(keys[start + i] >> shift) & 0xFFu], 1u);
    __syncthreads();
    tile_counts[threadIdx.x * tiles + blockIdx.x] = h[threadIdx.x];
}

int main(int argc, char** argv) {
    int lg = argc > 1 ? atoi(argv[1]) : 26;
    unsigned shift = argc > 2 ? (unsigned)atoi(argv[2]) : 0u;
    size_t n = (size_t)1 << lg;
    unsigned tiles = (unsigned)((n + TILE - 1) / TILE);
    std::vector<unsigned> h(n);
    unsigned s = 12345u + lg;
    unsigned keep = argc > 3 ? (unsigned)strtoul(argv[3], nullptr, 16) : 0xFFFFFFFFu; // a mask: fewer distinct digits
    for (auto& x : h) { s = s * 1664525u + 1013904223u; x = s & keep; }
    unsigned *d_keys, *d_sorted, *d_counts, *d_offsets, *d_totals;
    CK(cudaMalloc(&d_keys, n * 4));
    CK(cudaMalloc(&d_sorted, n * 4));
    CK(cudaMalloc(&d_counts, (size_t)tiles * DIGITS * 4));
    CK(cudaMalloc(&d_offsets, (size_t)tiles * DIGITS * 4));
    CK(cudaMalloc(&d_totals, DIGITS * 4));
    CK(cudaMemcpy(d_keys, h.data(), n * 4, cudaMemcpyHostToDevice));
    count<<<tiles, 256>>>(d_keys, d_counts, (unsigned)n, shift, tiles);
    std::vector<unsigned> c((size_t)tiles * DIGITS), o(c.size()), t(DIGITS);
    CK(cudaMemcpy(c.data(), d_counts, c.size() * 4, cudaMemcpyDeviceToHost));
    for (unsigned d = 0; d < DIGITS; ++d) {
        unsigned at = 0;
        for (unsigned x = 0; x < tiles; ++x) { o[(size_t)d * tiles + x] = at; at += c[(size_t)d * tiles + x]; }
        t[d] = at;
    }
    CK(cudaMemcpy(d_offsets, o.data(), o.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_totals, t.data(), DIGITS * 4, cudaMemcpyHostToDevice));
    cudaFuncAttributes a;
    auto kernel = RANK_MATCH ? scatter_match : scatter;
    CK(cudaFuncGetAttributes(&a, kernel));
    float ms = median_ms([&] { kernel<<<tiles, 256>>>(d_keys, d_counts, d_offsets, d_totals, d_sorted, (unsigned)n, shift, tiles); });
    CK(cudaGetLastError());
    std::vector<unsigned> got(n), want(n);
    CK(cudaMemcpy(got.data(), d_sorted, n * 4, cudaMemcpyDeviceToHost));
    std::vector<size_t> at(DIGITS + 1, 0);
    for (auto x : h) at[((x >> shift) & 0xFFu) + 1]++;
    for (unsigned d = 0; d < DIGITS; ++d) at[d + 1] += at[d];
    for (auto x : h) want[at[(x >> shift) & 0xFFu]++] = x;
    printf("proxy radix scatter MATCH_MODE=%d RANK_MATCH=%d XWARP_SHFL=%d KPI=%d MINB=%d n=2^%d shift=%u mask=%08x: %.4f ms, %d registers, %zu B shared, %s\n", MATCH_MODE, RANK_MATCH, XWARP_SHFL, KPI, MINB, lg, shift, keep, ms, a.numRegs,
           a.sharedSizeBytes, got == want ? "exact (stable by the digit)" : "WRONG");
    return 0;
}
