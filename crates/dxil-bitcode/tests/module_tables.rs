//! Hand-built modules for the module-level tables the reader checks when a block ends (type
//! references and cycles, constant cycles, metadata kind ids) and for byte operands: the
//! reader takes shortcuts when the input is in the usual order, and these cover the unusual
//! orders and the errors.

use dxil_bitstream::Writer;

const MODULE: u32 = 8;
const CONSTANTS: u32 = 11;
const METADATA: u32 = 15;
const TYPES: u32 = 17;

/// A block: its id and its records `(code, operands)`.
type Block = (u32, Vec<(u32, Vec<u64>)>);

fn chars(s: &str) -> Vec<u64> {
    s.bytes().map(u64::from).collect()
}

/// A module of the given blocks `(id, records)`, in order.
fn module(blocks: &[Block]) -> Vec<u8> {
    let mut w = Writer::new();
    w.enter_block(MODULE, 3).unwrap();
    w.write_unabbrev(1, &[1]).unwrap(); // VERSION 1
    for (id, records) in blocks {
        w.enter_block(*id, 4).unwrap();
        for (code, ops) in records {
            w.write_unabbrev(*code, ops).unwrap();
        }
        w.exit_block().unwrap();
    }
    w.exit_block().unwrap();
    w.finish().unwrap()
}

fn read(blocks: &[Block]) -> Result<dxil_ir::CheckedModule, String> {
    dxil_bitcode::read_module(&module(blocks)).map_err(|e| e.to_string())
}

fn read_err(blocks: &[Block]) -> String {
    match read(blocks) {
        Ok(_) => panic!("accepted"),
        Err(e) => e,
    }
}

#[test]
fn type_references_forward_and_past_the_table() {
    // A pointer to a struct defined later, which holds a pointer to itself (LLVM's order for
    // a self-referential struct), and a declared count far past what the block holds.
    let types = vec![
        (1, vec![u64::MAX]), // NUMENTRY
        (7, vec![32]),       // 0 i32
        (8, vec![2, 0]),     // 1 %S*
        (19, chars("S")),    // name of 2
        (20, vec![0, 0, 1]), // 2 %S = { i32, %S* }
    ];
    let m = read(&[(TYPES, types.clone())]).unwrap();
    assert_eq!(m.types.len(), 3);
    assert_eq!(m.type_count_hint, Some(u64::MAX));
    let mut past = types.clone();
    past[4] = (20, vec![0, 0, 3]);
    let e = read_err(&[(TYPES, past)]);
    assert!(e.contains("type refers to an undefined type id"), "{e}");
    let mut past_in_list = types;
    past_in_list.push((21, vec![0, 0, 1, 9])); // 3 i32 (%S*, <type 9>)
    let e = read_err(&[(TYPES, past_in_list)]);
    assert!(e.contains("type refers to an undefined type id"), "{e}");
}

#[test]
fn type_cycles_are_refused_forward_or_not() {
    // An array that holds itself, a literal struct that holds itself through a later
    // array, and a pointer cycle through a literal struct.
    for types in [
        vec![(11, vec![2, 0])],
        vec![(7, vec![32]), (18, vec![0, 2]), (11, vec![2, 1])],
        vec![(8, vec![1, 0]), (18, vec![0, 0])],
    ] {
        let e = read_err(&[(TYPES, types)]);
        assert!(e.contains("recursive type"), "{e}");
    }
}

#[test]
fn constant_references_forward_and_cycles() {
    let types = vec![(7, vec![32]), (11, vec![2, 0])]; // i32, [2 x i32]
                                                       // Values 0..: @0 = [2 x i32] [i32 1, i32 2], the array before its elements.
    let forward = vec![
        (1, vec![1]),    // SETTYPE [2 x i32]
        (7, vec![1, 2]), // 0 AGGREGATE [v1, v2]
        (1, vec![0]),    // SETTYPE i32
        (4, vec![2]),    // 1 INTEGER 1
        (4, vec![4]),    // 2 INTEGER 2
    ];
    let m = read(&[(TYPES, types.clone()), (CONSTANTS, forward)]).unwrap();
    assert_eq!(m.constants.len(), 3);
    let looped = vec![
        (1, vec![1]),    // SETTYPE [2 x i32]
        (7, vec![1, 0]), // 0 AGGREGATE [v1, v0]: itself
        (1, vec![0]),
        (4, vec![2]), // 1
    ];
    let e = read_err(&[(TYPES, types.clone()), (CONSTANTS, looped)]);
    assert!(e.contains("constant refers to itself"), "{e}");
    let past = vec![(1, vec![1]), (7, vec![1, 5]), (1, vec![0]), (4, vec![2])];
    let e = read_err(&[(TYPES, types), (CONSTANTS, past)]);
    assert!(e.contains("invalid value id 5 in CONSTANTS_BLOCK"), "{e}");
}

#[test]
fn metadata_kinds_in_any_order_and_repeats_refused() {
    let kind = |id: u64, name: &str| {
        let mut ops = vec![id];
        ops.extend(chars(name));
        (6, ops)
    };
    let rising = vec![kind(0, "dbg"), kind(1, "tbaa"), kind(30, "dx.x")];
    let m = read(&[(METADATA, rising)]).unwrap();
    let ids: Vec<u32> = m.metadata_kinds.iter().map(|k| k.id).collect();
    assert_eq!(ids, [0, 1, 30]);
    assert_eq!(m.metadata_kinds[2].name, "dx.x");
    let falling = vec![
        kind(30, "dx.x"),
        kind(1, "tbaa"),
        kind(0, "dbg"),
        kind(2, "prof"),
    ];
    let m = read(&[(METADATA, falling)]).unwrap();
    let ids: Vec<u32> = m.metadata_kinds.iter().map(|k| k.id).collect();
    assert_eq!(ids, [30, 1, 0, 2]);
    for repeated in [
        vec![kind(0, "dbg"), kind(1, "tbaa"), kind(1, "other")],
        vec![kind(0, "dbg"), kind(5, "a"), kind(2, "b"), kind(5, "c")],
        vec![kind(3, "a"), kind(2, "b"), kind(3, "c")],
    ] {
        let e = read_err(&[(METADATA, repeated)]);
        assert!(e.contains("conflicting METADATA_KIND records"), "{e}");
    }
}

#[test]
fn metadata_strings_and_nodes() {
    let md = vec![
        (1, chars("abc")),    // 0 !"abc"
        (3, vec![0, 1, 0]),   // 1 !{null, !"abc", null}
        (3, vec![3, 1]),      // 2 !{!2, !0}: itself
        (1, vec![0xff, 0x0]), // 3 bytes, not text
    ];
    let m = read(&[(METADATA, md.clone())]).unwrap();
    assert_eq!(m.metadata.len(), 4);
    let mut wide = md.clone();
    wide.push((1, vec![u64::from(b'a'), 0x100]));
    let e = read_err(&[(METADATA, wide)]);
    assert!(e.contains("character exceeds 8 bits"), "{e}");
    let mut past = md;
    past.push((3, vec![0, 9]));
    let e = read_err(&[(METADATA, past)]);
    assert!(e.contains("invalid metadata id 8 in METADATA_BLOCK"), "{e}");
}
