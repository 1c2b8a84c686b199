// Scan peers in CUDA, for docs/scan.md: CUB's DeviceScan (decoupled look-back, one pass) on the
// GPU machine: inclusive and exclusive sums of u32 and f32, and a running max of u32 (what
// `workgroup scan` does). Uniform random input; medians of 30 runs after 3 warm-ups (CUDA events);
// u32 results checked against a sequential CPU scan, f32 sums against the f64 prefix.
// Build and run on the GPU machine: nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub
// scripts/peers/scan_cub.cu && /tmp/scan_cub
#include <cub/cub.cuh>
#include "cuda_bench.cuh" // CK, median_ms
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct MaxOp {
    __host__ __device__ uint32_t operator()(uint32_t a, uint32_t b) const { return a > b ? a : b; }
};

// what: 0 inclusive sum, 1 exclusive sum, 2 inclusive max (u32 only).
template <class T> void scan(int lg, int what, const char* name) {
    size_t n = (size_t)1 << lg;
    std::vector<T> h(n);
    unsigned s = 4242u + lg;
    for (auto& x : h) {
        s = s * 1664525u + 1013904223u;
        if constexpr (std::is_same<T, float>::value) x = (s >> 8) * (1.0f / 16777216.0f);
        else x = (T)(s >> 8); // 24-bit values: sums wrap, as ours
    }
    T *d_in, *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(T)));
    CK(cudaMalloc(&d_out, n * sizeof(T)));
    CK(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    void* tmp = nullptr;
    size_t bytes = 0;
    auto call = [&] {
        if (what == 0) cub::DeviceScan::InclusiveSum(tmp, bytes, d_in, d_out, (int)n);
        else if (what == 1) cub::DeviceScan::ExclusiveSum(tmp, bytes, d_in, d_out, (int)n);
        else if constexpr (std::is_same<T, uint32_t>::value) cub::DeviceScan::InclusiveScan(tmp, bytes, d_in, d_out, MaxOp(), (int)n);
    };
    call();
    CK(cudaMalloc(&tmp, bytes));
    float ms = median_ms(call);
    std::vector<T> got(n);
    CK(cudaMemcpy(got.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
    bool ok = true;
    double acc = 0, absacc = 0;
    T iacc = 0;
    for (size_t i = 0; i < n && ok; ++i) {
        if constexpr (std::is_same<T, float>::value) {
            if (what == 0) acc += h[i];
            double err = std::fabs((double)got[i] - acc);
            if (err > 1e-4 * (acc + 1)) ok = false;
            if (what == 1) acc += h[i];
        } else {
            T before = iacc;
            iacc = what == 2 ? std::max(iacc, h[i]) : (T)(iacc + h[i]);
            if (got[i] != (what == 1 ? before : iacc)) ok = false;
        }
    }
    (void)absacc;
    const char* op = what == 0 ? "InclusiveSum" : what == 1 ? "ExclusiveSum" : "InclusiveScan(max)";
    printf("cuda cub_%s %s n=2^%d: %.4f ms %.1f GB/s (read + write) %s\n", op, name, lg, ms, 2.0 * n * sizeof(T) / ms / 1e6, ok ? "checked" : "WRONG");
    CK(cudaFree(tmp));
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
}

int main() {
    for (int lg : {20, 24, 26, 28}) {
        scan<uint32_t>(lg, 0, "u32");
        scan<uint32_t>(lg, 1, "u32");
        scan<float>(lg, 0, "f32");
        scan<uint32_t>(lg, 2, "u32");
    }
    return 0;
}
