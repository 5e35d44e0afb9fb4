//! Fuzz target for the LLVM 3.7 module writer: every module the reader accepts must be
//! written without a panic or a hang (or rejected with an error); when it is written, the
//! output must read back and re-encode to the same bytes. Input: raw bitcode.

/// The body of the `write` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Ok(m) = dxil_bitcode::read_module(data) else {
        return;
    };
    let Ok(out) = dxil_bitcode::write_module(&m) else {
        return;
    };
    let back = dxil_bitcode::read_module(&out).expect("writer output must read back");
    let again = dxil_bitcode::write_module(&back).expect("re-read module must write");
    assert!(again == out, "re-encoding is not a fixed point");
}
