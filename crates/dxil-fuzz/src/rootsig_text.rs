//! Fuzz the root signature text parser: any string, any version, must parse or fail cleanly;
//! what compiles must print to text that parses back to the same model.

/// The body of the `rootsig_text` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Some((&v, rest)) = data.split_first() else {
        return;
    };
    let version = dxil_rootsig::Version::ALL[usize::from(v % 3)];
    let text = String::from_utf8_lossy(rest);
    if let Ok(rs) = dxil_rootsig::parse(&text, version) {
        let _ = dxil_rootsig::validate(&rs);
        let printed = dxil_rootsig::to_text(&rs).expect("a parsed model prints");
        let back = dxil_rootsig::parse(&printed, version).expect("printed text parses");
        assert_eq!(back, rs, "text round trip changed the model: {printed}");
        let bytes = dxil_rootsig::binary::write(&rs);
        assert_eq!(
            dxil_rootsig::binary::read(&bytes).expect("written blob reads"),
            rs
        );
    }
}
