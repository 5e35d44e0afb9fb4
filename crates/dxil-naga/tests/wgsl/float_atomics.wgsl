// Float atomics in storage buffers: loads, stores and exchanges (the bits as an integer).
@group(0) @binding(0) var<storage, read_write> f: array<atomic<f32>>;
@compute @workgroup_size(1)
fn main() {
    atomicStore(&f[1], atomicLoad(&f[2]));
    let old = atomicExchange(&f[3], 2.0);
    atomicStore(&f[0], old + 1.0);
}
