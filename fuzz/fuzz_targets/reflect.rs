//! Fuzz target for the DXIL layer: any input (container or bitcode) must reflect and print
//! its dumpbin header without a panic or a hang; errors are fine.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = dxil_module::reflect::reflect(data);
    let bitcode = match dxil_container::Container::parse(data) {
        Ok(c) => match c.primary_program() {
            Ok(p) => p.bitcode,
            Err(_) => return,
        },
        Err(_) => data,
    };
    if let Ok(m) = dxil_bitcode::read_module(bitcode) {
        let mut out = String::new();
        let _ = dxil_text::header::print_dumpbin_header(data, &m, &mut out);
    }
});
