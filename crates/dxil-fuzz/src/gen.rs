//! Fuzz target for part generation: any container must regenerate its parts (and any
//! module its shader flags and packed signatures) without a panic or a hang; errors are
//! fine.

/// The body of the `gen` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Ok(c) = dxil_container::Container::parse(data) else {
        return;
    };
    let _ = dxil_gen::regenerate(&c);
    let Ok(p) = c.program() else { return };
    let Ok(m) = dxil_bitcode::read_module(p.bitcode) else {
        return;
    };
    if let Ok(src) = dxil_gen::Source::new(&m) {
        let _ = dxil_gen::build_container(&src, p.bitcode, &dxil_gen::BuildOptions::default());
    }
}
