//! Fuzz target for `dis`: any bitcode the module reader accepts must print without a panic
//! or a hang. Input: raw bitcode.

/// The body of the `dis` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Ok(m) = dxil_bitcode::read_module(data) else {
        return;
    };
    let mut out = String::new();
    dxil_text::write_dumpbin_body(&m, &mut out);
}
