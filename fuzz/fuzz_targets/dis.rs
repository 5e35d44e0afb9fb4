//! Fuzz target for `dis`: any bitcode the module reader accepts must print without a panic
//! or a hang. Input: raw bitcode.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(m) = dxil_bitcode::read_module(data) else {
        return;
    };
    let mut out = String::new();
    dxil_text::write_dumpbin_body(&m, &mut out);
});
