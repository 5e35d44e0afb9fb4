//! Fuzz target for the text parser (`dxil as`): any input must parse or fail with
//! diagnostics, never panic or hang; whatever parses must print, go through the bitcode
//! writer and be assembled into a container (parts generated, debug info split off, header
//! comments read back) without a panic. Input: text (invalid UTF-8 is replaced).

/// The body of the `asm` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match dxil_asm::parse_module(&text, "fuzz.ll") {
        Ok(m) => {
            let _ = dxil_text::print_module(&m);
            let _ = dxil_asm::assemble_bitcode(&m);
            let _ = dxil_asm::assemble_container_from_text(&m, &text);
        }
        Err(d) => {
            let _ = d.to_string();
        }
    }
}
