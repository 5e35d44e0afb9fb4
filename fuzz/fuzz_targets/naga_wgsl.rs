#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| dxil_fuzz::naga_wgsl::run(data));
