//! Fuzz the RTS0 reader: any bytes must read or fail cleanly; what reads must validate,
//! print and re-serialize without panicking, and re-read to the same model.

/// The body of the `rootsig_binary` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    if let Ok(rs) = dxil_rootsig::binary::read(data) {
        let _ = dxil_rootsig::validate(&rs);
        let _ = dxil_rootsig::validate::lint(&rs);
        if let Ok(text) = dxil_rootsig::to_text(&rs) {
            let back = dxil_rootsig::parse(&text, rs.version).expect("printed text parses");
            assert_eq!(back, rs, "text round trip changed the model: {text}");
        }
        let bytes = dxil_rootsig::binary::write(&rs);
        let again = dxil_rootsig::binary::read(&bytes).expect("written blob reads");
        assert_eq!(again, rs);
        let md = dxil_rootsig::metadata::signature_node(&rs);
        let _ = dxil_rootsig::metadata::signature_from_node(&md, rs.version);
    }
}
