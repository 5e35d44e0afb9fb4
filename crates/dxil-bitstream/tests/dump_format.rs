//! The dump's format on hand-built streams: unknown blocks and codes, record strings, blobs,
//! signed operands, BLOCKINFO contents and abbreviation definitions.

use dxil_bitstream::{dump, Abbrev, AbbrevOp, DumpOptions, Writer};

fn sample() -> Vec<u8> {
    let mut w = Writer::new();
    w.enter_block(0, 2).unwrap();
    w.blockinfo_abbrev(
        14,
        Abbrev::new(vec![
            AbbrevOp::Literal(1),
            AbbrevOp::Vbr(8),
            AbbrevOp::Array,
            AbbrevOp::Char6,
        ])
        .unwrap(),
    )
    .unwrap();
    w.exit_block().unwrap();
    w.enter_block(8, 3).unwrap();
    w.write_unabbrev(1, &[1, u64::MAX]).unwrap();
    w.enter_block(14, 4).unwrap();
    let name: Vec<u64> = std::iter::once(7)
        .chain(b"main".iter().map(|&c| u64::from(c)))
        .collect();
    w.write_abbrev(4, 1, &name, None).unwrap();
    w.exit_block().unwrap();
    w.enter_block(99, 5).unwrap();
    let text = w
        .define_abbrev(Abbrev::new(vec![AbbrevOp::Fixed(6), AbbrevOp::Blob]).unwrap())
        .unwrap();
    let raw = w
        .define_abbrev(
            Abbrev::new(vec![
                AbbrevOp::Literal(40),
                AbbrevOp::Array,
                AbbrevOp::Fixed(8),
            ])
            .unwrap(),
        )
        .unwrap();
    w.write_abbrev(text, 33, &[], Some(b"hi there")).unwrap();
    w.write_abbrev(text, 34, &[], Some(&[0, 1, b'\\', b'a']))
        .unwrap();
    w.write_abbrev(raw, 40, &[104, 10], None).unwrap();
    w.exit_block().unwrap();
    w.exit_block().unwrap();
    w.finish().unwrap()
}

fn dump_with(opts: DumpOptions) -> String {
    let mut s = String::new();
    dump(&sample(), &mut s, opts).unwrap();
    s
}

#[test]
fn default_dump() {
    let expected = "\
<BLOCKINFO_BLOCK/>
<MODULE_BLOCK NumWords=18 BlockCodeSize=3>
  <VERSION op0=1 op1=-1/>
  <VALUE_SYMTAB NumWords=2 BlockCodeSize=4>
    <ENTRY abbrevid=4 op0=7 op1=109 op2=97 op3=105 op4=110/> record string = 'main'
  </VALUE_SYMTAB>
  <UnknownBlock99 NumWords=8 BlockCodeSize=5>
    <UnknownCode33 abbrevid=4/> blob data = 'hi there'
    <UnknownCode34 abbrevid=4/> blob data = unprintable, 4 bytes.
    <UnknownCode40 abbrevid=5 op0=104 op1=10/>
  </UnknownBlock99>
</MODULE_BLOCK>
";
    assert_eq!(dump_with(DumpOptions::default()), expected);
}

#[test]
fn dump_options() {
    let s = dump_with(DumpOptions {
        dump_blockinfo: true,
        non_symbolic: true,
        show_binary_blobs: true,
        show_abbrevs: true,
    });
    let expected = "\
<BLOCKINFO_BLOCK BlockID=0 NumWords=2 BlockCodeSize=2>
  <SETBID codeid=1 op0=14/>
  <DEFINE_ABBREV abbrevid=4 op0=lit(1) op1=vbr(8) op2=array op3=char6/>
</BLOCKINFO_BLOCK>
<MODULE_BLOCK BlockID=8 NumWords=18 BlockCodeSize=3>
  <VERSION codeid=1 op0=1 op1=-1/>
  <VALUE_SYMTAB BlockID=14 NumWords=2 BlockCodeSize=4>
    <ENTRY codeid=1 abbrevid=4 op0=7 op1=109 op2=97 op3=105 op4=110/> record string = 'main'
  </VALUE_SYMTAB>
  <UnknownBlock99 NumWords=8 BlockCodeSize=5>
    <DEFINE_ABBREV abbrevid=4 op0=fixed(6) op1=blob/>
    <DEFINE_ABBREV abbrevid=5 op0=lit(40) op1=array op2=fixed(8)/>
    <UnknownCode33 abbrevid=4/> blob data = 'hi there'
    <UnknownCode34 abbrevid=4/> blob data = '\\x00\\x01\\\\a'
    <UnknownCode40 abbrevid=5 op0=104 op1=10/>
  </UnknownBlock99>
</MODULE_BLOCK>
";
    assert_eq!(s, expected);
}

/// When `llvm-bcanalyzer(-19)` is installed, it prints the same (without `show_abbrevs`).
#[test]
fn same_as_llvm_bcanalyzer() {
    let Some(tool) = ["llvm-bcanalyzer-19", "llvm-bcanalyzer"]
        .into_iter()
        .find(|t| {
            std::process::Command::new(t)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
    else {
        dxil_test_support::skip("llvm-bcanalyzer(-19) not installed");
        return;
    };
    let tmp = std::env::temp_dir().join(format!("dxil-dump-format-{}.bc", std::process::id()));
    std::fs::write(&tmp, sample()).unwrap();
    let all = DumpOptions {
        dump_blockinfo: true,
        non_symbolic: true,
        show_binary_blobs: true,
        show_abbrevs: false,
    };
    let cases = [
        (DumpOptions::default(), vec!["-dump"]),
        (
            all,
            vec![
                "-dump",
                "-dump-blockinfo",
                "-non-symbolic",
                "-show-binary-blobs",
            ],
        ),
    ];
    for (opts, args) in cases {
        let out = std::process::Command::new(tool)
            .args(&args)
            .arg(&tmp)
            .output()
            .unwrap();
        let theirs = String::from_utf8_lossy(&out.stdout);
        let theirs = theirs.split("\n\nSummary of").next().unwrap_or("");
        assert_eq!(dump_with(opts).trim_end(), theirs.trim_end(), "{args:?}");
    }
    let _ = std::fs::remove_file(&tmp);
}

#[test]
fn dump_stops_at_the_error_with_partial_output() {
    let bc = sample();
    let cut = &bc[..bc.len() - 8];
    let mut s = String::new();
    let e = dump(cut, &mut s, DumpOptions::default()).unwrap_err();
    assert!(e.to_string().contains("(at bit 0x"), "{e}");
    assert!(s.starts_with("<BLOCKINFO_BLOCK/>\n"), "{s}");
}
