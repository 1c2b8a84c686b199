// Sort peers in CUDA, for docs/sort.md: CUB's DeviceRadixSort on the GPU machine, keys only (what
// `workgroup sort --variant radix` does) and keys with int64 indices (what torch.sort does: it
// returns values and indices), all 32 bits, uniform random keys. Medians of 30 runs after 3
// warm-ups (CUDA events); every result checked against std::sort.
// Build and run on the GPU machine: nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub
// scripts/peers/sort_cub.cu && /tmp/sort_cub
#include <cub/cub.cuh>
#include "cuda_bench.cuh" // CK, median_ms
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <class K> void keys_only(int lg, const char* name) {
    size_t n = (size_t)1 << lg;
    std::vector<K> h(n);
    unsigned s = 12345u + lg;
    for (auto& x : h) {
        s = s * 1664525u + 1013904223u;
        if constexpr (sizeof(K) == 4 && K(0.5) != K(0)) x = (s >> 8) * (1.0f / 16777216.0f); // f32 in [0, 1), as torch.rand
        else x = (K)s;
    }
    K *d_in, *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(K)));
    CK(cudaMalloc(&d_out, n * sizeof(K)));
    CK(cudaMemcpy(d_in, h.data(), n * sizeof(K), cudaMemcpyHostToDevice));
    void* tmp = nullptr;
    size_t bytes = 0;
    cub::DeviceRadixSort::SortKeys(tmp, bytes, d_in, d_out, (int)n);
    CK(cudaMalloc(&tmp, bytes));
    float ms = median_ms([&] { cub::DeviceRadixSort::SortKeys(tmp, bytes, d_in, d_out, (int)n); });
    std::vector<K> got(n);
    CK(cudaMemcpy(got.data(), d_out, n * sizeof(K), cudaMemcpyDeviceToHost));
    std::sort(h.begin(), h.end());
    bool ok = got == h;
    printf("cuda cub_SortKeys %s n=2^%d: %.4f ms %.2f Gkeys/s %s\n", name, lg, ms, n / ms / 1e6, ok ? "exact" : "WRONG");
    CK(cudaFree(tmp));
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
}

// f32 keys with their int64 indices, as torch.sort(values) returns (values, indices).
void pairs(int lg) {
    size_t n = (size_t)1 << lg;
    std::vector<float> h(n);
    std::vector<int64_t> idx(n);
    unsigned s = 777u + lg;
    for (size_t i = 0; i < n; ++i) { s = s * 1664525u + 1013904223u; h[i] = (s >> 8) * (1.0f / 16777216.0f); idx[i] = (int64_t)i; }
    float *k_in, *k_out;
    int64_t *v_in, *v_out;
    CK(cudaMalloc(&k_in, n * 4));
    CK(cudaMalloc(&k_out, n * 4));
    CK(cudaMalloc(&v_in, n * 8));
    CK(cudaMalloc(&v_out, n * 8));
    CK(cudaMemcpy(k_in, h.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(v_in, idx.data(), n * 8, cudaMemcpyHostToDevice));
    void* tmp = nullptr;
    size_t bytes = 0;
    cub::DeviceRadixSort::SortPairs(tmp, bytes, k_in, k_out, v_in, v_out, (int)n);
    CK(cudaMalloc(&tmp, bytes));
    float ms = median_ms([&] { cub::DeviceRadixSort::SortPairs(tmp, bytes, k_in, k_out, v_in, v_out, (int)n); });
    std::vector<float> got(n);
    CK(cudaMemcpy(got.data(), k_out, n * 4, cudaMemcpyDeviceToHost));
    std::sort(h.begin(), h.end());
    printf("cuda cub_SortPairs f32+i64 n=2^%d: %.4f ms %.2f Gkeys/s %s\n", lg, ms, n / ms / 1e6, got == h ? "exact" : "WRONG");
    CK(cudaFree(tmp));
    CK(cudaFree(k_in));
    CK(cudaFree(k_out));
    CK(cudaFree(v_in));
    CK(cudaFree(v_out));
}

int main() {
    for (int lg : {20, 24, 26}) {
        keys_only<uint32_t>(lg, "u32");
        keys_only<float>(lg, "f32");
        pairs(lg);
    }
}
