#![no_main]
libfuzzer_sys::fuzz_target!(|module: naga::Module| dxil_fuzz::naga_backend::run(&module));
