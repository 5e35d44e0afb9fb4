//! Fuzz target for the front door: any input (container, program part, bitcode, text) must
//! be detected, disassembled (header and body), reflected and described without a panic or
//! a hang; errors are fine, and their offsets lie inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for result in [
        dxil::disassemble(data).map(drop),
        dxil::reflect(data).map(drop),
        dxil::info(data).map(drop),
    ] {
        if let Err(e) = result {
            if let Some(at) = e.offset() {
                assert!(at <= data.len() as u64, "{e}");
            }
        }
    }
});
