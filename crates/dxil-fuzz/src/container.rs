//! Fuzz target for the container reader: parse, every typed view, digest, HASH check, and
//! writing (unedited writes must reproduce the input; edited ones must parse again).

use dxil_container::{Container, FourCC};

/// The body of the `container` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Ok(c) = Container::parse(data) else {
        return;
    };
    let _ = c.not_dxil();
    let _ = c.primary_program();
    let _ = c.program();
    let _ = c.feature_info().map(|f| f.map(|f| f.names().count()));
    let _ = c.compiler_version();
    let _ = c.verify_shader_hash();
    let _ = c.digest_status();
    let _ = c.is_packed();
    let mut buf = c.to_buf();
    assert_eq!(buf.to_bytes().expect("unedited write"), data);
    if let Some(first) = c.parts().first() {
        buf.remove_part(first.fourcc);
        buf.add_part(FourCC::PRIV, &data[..data.len().min(16)]);
        let out = buf.to_bytes_with_digest().expect("edited write");
        let again = Container::parse(&out).expect("written container parses");
        assert_eq!(again.parts().len(), c.parts().len());
    }
}
