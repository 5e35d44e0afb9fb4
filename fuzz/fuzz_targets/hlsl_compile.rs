#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| dxil_fuzz::hlsl_compile::run(data));
