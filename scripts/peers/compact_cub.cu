// Stream compaction peers in CUDA, for docs/reduce_compact.md: CUB's DeviceSelect::If (a single
// pass with decoupled look-back, CUB's own tuning) on 2^26 f32 keeping x > t, next to the traffic
// floor of the same job: a kernel that reads every element once (16-byte loads) and writes half
// of them (8-byte stores), with no selection. Medians of 30 runs after 3 warm-ups (CUDA events).
// Build and run on the GPU machine: nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub
// scripts/peers/compact_cub.cu && /tmp/compact_cub [log2 n]
#include <cub/cub.cuh>
#include "cuda_bench.cuh" // CK, median_ms
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Above {
    float t;
    __host__ __device__ bool operator()(float x) const { return x > t; }
};

// Every element read once, half of the bytes written: the floor of a 50% compaction's traffic.
__global__ void read4_write2(const float4* in, float2* out, size_t n4) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x) {
        float4 v = in[i];
        out[i] = make_float2(v.x + v.z, v.y + v.w);
    }
}

int main(int argc, char** argv) {
    int lg = argc > 1 ? atoi(argv[1]) : 26;
    size_t n = (size_t)1 << lg;
    std::vector<float> h(n);
    unsigned s = 12345u;
    for (auto& x : h) { s = s * 1664525u + 1013904223u; x = (s >> 8) * (1.0f / 16777216.0f); }
    float *d_in, *d_out;
    int* d_num;
    CK(cudaMalloc(&d_in, n * 4));
    CK(cudaMalloc(&d_out, n * 4));
    CK(cudaMalloc(&d_num, 4));
    CK(cudaMemcpy(d_in, h.data(), n * 4, cudaMemcpyHostToDevice));
    for (float t : {0.5f, 0.999f}) {
        size_t want = std::count_if(h.begin(), h.end(), [&](float x) { return x > t; });
        void* tmp = nullptr;
        size_t bytes = 0;
        cub::DeviceSelect::If(tmp, bytes, d_in, d_out, d_num, (int)n, Above{t});
        CK(cudaMalloc(&tmp, bytes));
        float ms = median_ms([&] { cub::DeviceSelect::If(tmp, bytes, d_in, d_out, d_num, (int)n, Above{t}); });
        int got = 0;
        CK(cudaMemcpy(&got, d_num, 4, cudaMemcpyDeviceToHost));
        std::vector<float> out(got);
        CK(cudaMemcpy(out.data(), d_out, (size_t)got * 4, cudaMemcpyDeviceToHost));
        bool ok = (size_t)got == want;
        for (size_t i = 0, k = 0; ok && i < n; ++i) if (h[i] > t) ok = out[k++] == h[i];
        printf("cuda cub_DeviceSelect_If n=2^%d keep x>%.3f: %.4f ms kept %d %s  %.0f GB/s (in + kept out)\n", lg, t, ms, got,
               ok ? "exact order" : "WRONG", (n * 4.0 + got * 4.0) / ms / 1e6);
        CK(cudaFree(tmp));
    }
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    float ms = median_ms([&] { read4_write2<<<sms * 8, 256>>>((const float4*)d_in, (float2*)d_out, n / 4); });
    CK(cudaGetLastError());
    printf("cuda read_all_write_half n=2^%d: %.4f ms  %.0f GB/s (read + write)\n", lg, ms, n * 6.0 / ms / 1e6);
    ms = median_ms([&] { cudaMemcpyAsync(d_out, d_in, n * 4, cudaMemcpyDeviceToDevice); });
    printf("cuda memcpy_d2d n=2^%d: %.4f ms  %.0f GB/s (read + write)\n", lg, ms, n * 8.0 / ms / 1e6);
    return 0;
}
