//! The text grammar's corners, as the reference accepts or refuses them.

use dxil_rootsig::*;

fn ok(text: &str, v: Version) -> RootSignature {
    compile(text, v).unwrap_or_else(|e| panic!("{text:?} should compile: {e}"))
}

fn refused(text: &str, v: Version) -> String {
    match compile(text, v) {
        Ok(_) => panic!("{text:?} should be refused"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn empty_and_trailing_comma() {
    assert_eq!(ok("", Version::V1_1), RootSignature::new(Version::V1_1));
    assert_eq!(ok("CBV(b0),", Version::V1_1).parameters.len(), 1);
    refused("CBV(b0),,", Version::V1_1);
    refused("CBV(b0,)", Version::V1_1);
    refused("DescriptorTable()", Version::V1_1);
}

#[test]
fn keywords_are_case_insensitive_registers_are_not() {
    let a = ok(
        "cbv(b0, VISIBILITY = shader_visibility_pixel)",
        Version::V1_1,
    );
    assert_eq!(a.parameters[0].visibility, ShaderVisibility::PIXEL);
    refused("CBV(B0)", Version::V1_1);
    // A register's number is the leading digits after the letter.
    let r = ok("CBV(b12x)", Version::V1_1);
    assert!(matches!(
        r.parameters[0].kind,
        ParameterKind::Cbv(RootDescriptor { register: 12, .. })
    ));
}

#[test]
fn float_literals() {
    let s = |t: &str| {
        ok(&format!("StaticSampler(s0, maxLOD = {t})"), Version::V1_1).static_samplers[0].max_lod
    };
    assert_eq!(s("1"), 1.0);
    assert_eq!(s("-2"), -2.0);
    assert_eq!(s("1.5f"), 1.5);
    assert_eq!(s("1."), 1.0);
    assert_eq!(s(".25"), 0.25);
    assert_eq!(s("2e3"), 2000.0);
    assert_eq!(s("3.4028234663852886e38"), f32::MAX);
    assert_eq!(s("3.402823466e+38f"), f32::MAX);
    // Above FLT_MAX as a double: refused, as the reference refuses it.
    let e = refused("StaticSampler(s0, maxLOD = 3.4028235e38)", Version::V1_1);
    assert!(
        e.contains("Expected float, found token '3.4028235e38'"),
        "{e}"
    );
    refused("StaticSampler(s0, maxLOD = 1e999)", Version::V1_1);
    refused("StaticSampler(s0, maxLOD = 1e)", Version::V1_1);
}

#[test]
fn flags_by_version() {
    let e = refused("CBV(b0, flags = DATA_STATIC)", Version::V1_0);
    assert!(
        e.contains("Root descriptor flags cannot be specified for root_sig_1_0"),
        "{e}"
    );
    let e = refused("DescriptorTable(SRV(t0, flags = 0))", Version::V1_0);
    assert!(
        e.contains("Descriptor range flags cannot be specified for root_sig_1_0"),
        "{e}"
    );
    let t = ok(
        "DescriptorTable(SRV(t0)), DescriptorTable(Sampler(s0))",
        Version::V1_0,
    );
    match (&t.parameters[0].kind, &t.parameters[1].kind) {
        (ParameterKind::DescriptorTable(a), ParameterKind::DescriptorTable(b)) => {
            assert_eq!(a[0].flags.0, 0x3);
            assert_eq!(b[0].flags.0, 0x1);
        }
        _ => panic!("tables expected"),
    }
    // Sampler flags: only in 1.2 (the reference, which has no 1.2, refuses the keyword).
    let e = refused(
        "StaticSampler(s0, flags = UINT_BORDER_COLOR)",
        Version::V1_1,
    );
    assert!(e.contains("Unexpected token 'flags'"), "{e}");
    let s = ok(
        "StaticSampler(s0, flags = UINT_BORDER_COLOR | NON_NORMALIZED_COORDINATES)",
        Version::V1_2,
    );
    assert_eq!(s.static_samplers[0].flags.0, 3);
    assert_eq!(binary::write(&s).len(), 24 + 56);
}

#[test]
fn positions_are_line_and_column() {
    let e = compile("CBV(b0), SRV(b1)", Version::V1_1).expect_err("wrong register");
    assert_eq!(
        e.to_string(),
        "1:14: Incorrect register type 'b1' in SRV (expected t#)"
    );
    let e = compile("CBV(b0),\tCBV(b1)", Version::V1_1).expect_err("tab");
    assert_eq!(e.position(), Position::Text { line: 1, column: 9 });
    let e = compile("CBV(b0), CBV(b0)", Version::V1_1).expect_err("overlap");
    assert_eq!(
        e.position(),
        Position::Text {
            line: 1,
            column: 10
        }
    );
    assert!(
        e.message()
            .contains("overlaps with another shader register range"),
        "{e}"
    );
}

#[test]
fn validation_rules() {
    let v = Version::V1_1;
    assert!(
        refused("DescriptorTable(CBV(b0), Sampler(s0))", v).contains("Samplers cannot be mixed")
    );
    assert!(refused(
        "DescriptorTable(SRV(t0, numDescriptors = unbounded), SRV(t100))",
        v
    )
    .contains("Cannot append range"));
    ok(
        "DescriptorTable(SRV(t0, numDescriptors = unbounded), SRV(t100, space = 1, offset = 3))",
        v,
    );
    assert!(refused("DescriptorTable(SRV(t0, numDescriptors = 0))", v)
        .contains("NumDescriptors cannot be 0"));
    assert!(refused("CBV(b0, space = 4294967295)", v).contains("reserved for system use"));
    assert!(refused(
        "DescriptorTable(SRV(t0, flags = DATA_STATIC | DATA_VOLATILE))",
        v
    )
    .contains("more than one DATA_*"));
    assert!(
        refused("DescriptorTable(Sampler(s0, flags = DATA_STATIC))", v)
            .contains("can't specify DATA_*")
    );
    assert!(refused("StaticSampler(s0, mipLODBias = 16)", v).contains("MipLODBias"));
    assert!(refused("StaticSampler(s0, maxAnisotropy = 17)", v).contains("MaxAnisotropy"));
    assert!(refused("StaticSampler(s0, filter = FILTER_COMPARISON_ANISOTROPIC, comparisonFunc = COMPARISON_NONE)", v).contains("ComparisonFunc"));
    // Different visibilities do not overlap; ALL overlaps every stage.
    ok("CBV(b0, visibility = SHADER_VISIBILITY_PIXEL), CBV(b0, visibility = SHADER_VISIBILITY_VERTEX)", v);
    refused("CBV(b0, visibility = SHADER_VISIBILITY_PIXEL), CBV(b0)", v);
    // The reference does not enforce the 64-DWORD budget; lint reports it.
    let big = ok("RootConstants(num32BitConstants = 65, b0)", v);
    assert_eq!(validate::lint(&big).len(), 1);
}

#[test]
fn canonical_text() {
    let rs = ok(
        "DescriptorTable(UAV(u1, numDescriptors = 5, space = 10, offset = 5, flags = DATA_VOLATILE), visibility = SHADER_VISIBILITY_ALL), \
         StaticSampler(s3, filter = FILTER_MIN_MAG_POINT_MIP_LINEAR, addressU = TEXTURE_ADDRESS_BORDER, mipLODBias = -1.5), RootFlags(0)",
        Version::V1_1,
    );
    assert_eq!(
        to_text(&rs).expect("prints"),
        "DescriptorTable(UAV(u1, numDescriptors = 5, space = 10, flags = DATA_VOLATILE, offset = 5)), \
         StaticSampler(s3, filter = FILTER_MIN_MAG_POINT_MIP_LINEAR, addressU = TEXTURE_ADDRESS_BORDER, mipLODBias = -1.5)"
    );
    let empty = ok(
        "DescriptorTable(visibility = SHADER_VISIBILITY_ALL)",
        Version::V1_1,
    );
    assert_eq!(
        parse(&to_text(&empty).expect("prints"), Version::V1_1).expect("parses"),
        empty
    );
}

#[test]
fn metadata_seed_example() {
    use metadata::*;
    let rs = ok(
        "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), RootConstants(b0, space = 1, num32BitConstants = 3), CBV(b1, flags = 0), \
         StaticSampler(filter = FILTER_MIN_MAG_POINT_MIP_LINEAR, addressU = TEXTURE_ADDRESS_BORDER, s0), \
         DescriptorTable(visibility = SHADER_VISIBILITY_ALL, SRV(t0, flags = DATA_STATIC_WHILE_SET_AT_EXECUTE), UAV(numDescriptors = 5, u1, space = 10, offset = 5, flags = DATA_VOLATILE))",
        Version::V1_1,
    );
    let md = to_metadata(&[Entry {
        function: "main".into(),
        root_signature: rs.clone(),
    }]);
    let MdNode::Tuple(pair) = &md[0] else {
        panic!("tuple")
    };
    assert_eq!(pair[2], MdNode::Int(2));
    let MdNode::Tuple(els) = &pair[1] else {
        panic!("tuple")
    };
    assert_eq!(
        els[0],
        MdNode::Tuple(vec![MdNode::String("RootFlags".into()), MdNode::Int(1)])
    );
    assert_eq!(
        els[3],
        MdNode::Tuple(vec![
            MdNode::String("DescriptorTable".into()),
            MdNode::Int(0),
            MdNode::Tuple(vec![
                MdNode::String("SRV".into()),
                MdNode::Int(1),
                MdNode::Int(0),
                MdNode::Int(0),
                MdNode::Int(u32::MAX),
                MdNode::Int(4)
            ]),
            MdNode::Tuple(vec![
                MdNode::String("UAV".into()),
                MdNode::Int(5),
                MdNode::Int(1),
                MdNode::Int(10),
                MdNode::Int(5),
                MdNode::Int(2)
            ]),
        ])
    );
    assert_eq!(from_metadata(&md).expect("reads")[0].root_signature, rs);
    assert!(from_metadata(&[MdNode::Int(3)]).is_err());
}

#[test]
fn the_end_of_the_input_says_what_was_expected() {
    let v = Version::V1_1;
    let at_end = |text: &str, want: &str| {
        let e = refused(text, v);
        assert_eq!(e, want, "{text:?}");
    };
    at_end(
        "CBV(b0",
        "1:7: expected ',' or ')', found the end of the input",
    );
    at_end(
        "CBV(",
        "1:5: expected a register, space, visibility or flags, found the end of the input",
    );
    at_end("CBV", "1:4: expected '(', found the end of the input");
    at_end(
        "CBV(b0, space =",
        "1:16: expected a number, found the end of the input",
    );
    at_end(
        "RootFlags(",
        "1:11: expected a root signature flag value, found the end of the input",
    );
    at_end(
        "DescriptorTable(CBV(b0)",
        "1:24: expected ',' or ')', found the end of the input",
    );
    at_end(
        "StaticSampler(s0, filter =",
        "1:27: expected a filter value, found the end of the input",
    );
    // A token that is there keeps the reference's wording.
    at_end("CBV(b0 b1)", "1:8: Unexpected token 'b1'");
}
