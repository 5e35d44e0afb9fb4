//! The hand-written shaders under `samples/` assemble, and survive the trip through bitcode:
//! assembling, reading the container back and printing gives the text the parsed sample
//! prints; assembling that printed text again gives the same container bytes.

use std::path::Path;

#[test]
fn samples_assemble_and_round_trip_through_dis() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("samples/ exists")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 4, "expected at least four samples");
    for path in &paths {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        let src = std::fs::read_to_string(path).expect("read sample");
        let module = dxil_asm::parse_module(&src, &name).unwrap_or_else(|e| panic!("{e}"));
        let printed = dxil_text::print_module(&module);
        let container =
            dxil_asm::assemble_container(&module).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(container.note, None, "{name}: every part generated");
        let container = container.bytes;
        let c = dxil_container::Container::parse(&container).expect("container parses");
        for part in ["SFI0", "ISG1", "OSG1", "PSV0", "HASH", "DXIL"] {
            let fourcc = dxil_container::FourCC::from_bytes(part.as_bytes().try_into().unwrap());
            assert!(c.part(fourcc).is_some(), "{name}: {part} part");
        }
        assert!(
            c.verify_shader_hash()
                .expect("hash")
                .is_some_and(|h| h.matches()),
            "{name}: HASH"
        );
        let program = c.program().expect("DXIL part");
        let read = dxil_bitcode::read_module(program.bitcode).expect("bitcode reads");
        let dis = dxil_text::print_module(&read);
        assert_eq!(
            dis, printed,
            "{name}: dis(as(sample)) differs from the parsed sample"
        );
        let again = dxil_asm::parse_module(&dis, &name).unwrap_or_else(|e| panic!("{e}"));
        let container2 = dxil_asm::assemble_container(&again)
            .expect("reassemble")
            .bytes;
        assert_eq!(container, container2, "{name}: as(dis(as(sample))) differs");
    }
}
