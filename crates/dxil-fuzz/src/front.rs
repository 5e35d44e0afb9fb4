//! Fuzz target for the front door: any input (container, program part, bitcode, text) must
//! be detected, disassembled (header and body), reflected and described without a panic or
//! a hang; errors are fine, and their offsets lie inside the input.

/// The body of the `front` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
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
}
