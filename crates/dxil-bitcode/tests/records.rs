//! Hand-built modules for the records the corpus does not exercise (atomics, fence,
//! aggregates, metadata arguments, forward references, aliases, wide constants, constant
//! expressions, use lists), and error cases.

use dxil_bitstream::Writer;
use dxil_ir::*;

const MODULE: u32 = 8;
const CONSTANTS: u32 = 11;
const FUNCTION: u32 = 12;
const VST: u32 = 14;
const METADATA: u32 = 15;
const ATTACHMENT: u32 = 16;
const TYPES: u32 = 17;
const USELIST: u32 = 18;

fn chars(s: &str) -> Vec<u64> {
    s.bytes().map(u64::from).collect()
}

fn with_prefix(prefix: &[u64], s: &str) -> Vec<u64> {
    let mut v = prefix.to_vec();
    v.extend(chars(s));
    v
}

/// Writes records `(code, ops)` inside block `id`.
fn block(w: &mut Writer, id: u32, records: &[(u32, Vec<u64>)]) {
    w.enter_block(id, 4).unwrap();
    for (code, ops) in records {
        w.write_unabbrev(*code, ops).unwrap();
    }
    w.exit_block().unwrap();
}

fn types() -> Vec<(u32, Vec<u64>)> {
    vec![
        (1, vec![22]),        // NUMENTRY
        (2, vec![]),          // 0 void
        (7, vec![32]),        // 1 i32
        (7, vec![1]),         // 2 i1
        (7, vec![8]),         // 3 i8
        (8, vec![1, 0]),      // 4 i32*
        (8, vec![3, 0]),      // 5 i8*
        (21, vec![1, 0, 4]),  // 6 void (i32*, ...)
        (8, vec![6, 0]),      // 7
        (3, vec![]),          // 8 float
        (18, vec![0, 1, 2]),  // 9 { i32, i1 }
        (21, vec![0, 1, 1]),  // 10 i32 (i32)
        (8, vec![10, 0]),     // 11
        (7, vec![128]),       // 12 i128
        (13, vec![]),         // 13 x86_fp80
        (11, vec![2, 1]),     // 14 [2 x i32]
        (5, vec![]),          // 15 label
        (12, vec![2, 1]),     // 16 <2 x i32>
        (12, vec![2, 2]),     // 17 <2 x i1>
        (19, chars("S")),     // name of 18
        (20, vec![0, 1, 4]),  // 18 %S = { i32, i32* }
        (16, vec![]),         // 19 metadata
        (21, vec![0, 0, 19]), // 20 void (metadata)
        (8, vec![20, 0]),     // 21
    ]
}

/// The test module; `body` replaces the instruction records of @f when given.
fn module(body: Option<Vec<(u32, Vec<u64>)>>) -> Vec<u8> {
    module_naming_g(body, chars("g"))
}

/// The test module with `g_name` (one operand a character) as the symbol of @g.
fn module_naming_g(body: Option<Vec<(u32, Vec<u64>)>>, g_name: Vec<u64>) -> Vec<u8> {
    let mut w = Writer::new();
    w.enter_block(MODULE, 3).unwrap();
    w.write_unabbrev(1, &[1]).unwrap(); // VERSION 1
    block(&mut w, TYPES, &types());
    w.write_unabbrev(2, &chars("dxil-ms-dx")).unwrap();
    w.write_unabbrev(3, &chars("e-m:e")).unwrap();
    // Values: 0 @g, 1 @f, 2 @dbg, 3 @a; constants 4..=10; arguments of @f from 11.
    w.write_unabbrev(7, &[1, 2, 5, 0, 3, 0]).unwrap(); // @g = global i32 7, align 4
    w.write_unabbrev(8, &[10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        .unwrap();
    w.write_unabbrev(8, &[20, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        .unwrap();
    w.write_unabbrev(9, &[4, 0, 0, 0]).unwrap(); // @a = alias @g
    block(
        &mut w,
        CONSTANTS,
        &[
            (1, vec![1]),              // i32
            (4, vec![14]),             // 4: 7
            (4, vec![3]),              // 5: -1
            (1, vec![12]),             // i128
            (5, vec![4, 2]),           // 6: 2 + 1 << 64
            (1, vec![13]),             // x86_fp80
            (6, vec![0x1234, 0x5678]), // 7
            (1, vec![14]),             // [2 x i32]
            (7, vec![4, 5]),           // 8: [7, -1]
            (1, vec![2]),              // i1
            (17, vec![1, 4, 5, 32]),   // 9: icmp eq 7, -1
            (1, vec![1]),              // i32
            (13, vec![9, 4, 5]),       // 10: select
        ],
    );
    block(
        &mut w,
        METADATA,
        &[
            (1, chars("x")),          // !0 "x"
            (2, vec![1, 4]),          // !1 i32 7
            (3, vec![1, 2]),          // !2 = !{!"x", i32 7}
            (5, vec![4]),             // !3 = distinct !{!3}
            (7, vec![0, 5, 7, 3, 0]), // !4 = DILocation(5, 7, !3)
            (4, chars("named")),
            (10, vec![2, 3]),
        ],
    );
    block(
        &mut w,
        METADATA,
        &[
            (6, with_prefix(&[0], "dbg")),
            (6, with_prefix(&[1], "tbaa")),
        ],
    );
    block(
        &mut w,
        VST,
        &[
            (1, [vec![0], g_name].concat()),
            (1, with_prefix(&[1], "f")),
            (1, with_prefix(&[2], "dbg")),
            (1, with_prefix(&[3], "a")),
        ],
    );
    // Body of @f: %11 = argument; instruction values from 12.
    w.enter_block(FUNCTION, 4).unwrap();
    w.write_unabbrev(1, &[3]).unwrap(); // DECLAREBLOCKS 3
                                        // Function-local metadata !5 = i32 %x (argument), !6 = i32 %13 (a later load).
    block(&mut w, METADATA, &[(2, vec![1, 11]), (2, vec![1, 13])]);
    let insts = body.unwrap_or_else(|| {
        vec![
            (2, vec![1, 8, 0, 2]),               // %12 = add nsw i32 %x, 7
            (35, vec![5, 7, 4, 0]),              // !dbg line 5 col 7 scope !3
            (41, vec![13, 1, 3, 0, 6, 1]),       // %13 = load atomic i32* @g seq_cst
            (33, vec![]),                        // same location
            (45, vec![14, 2, 3, 0, 4, 1]),       // store atomic %12, @g release
            (36, vec![5, 0]),                    // fence singlethread acq_rel
            (38, vec![14, 2, 1, 0, 2, 1]),       // %14 = atomicrmw add @g, %12 monotonic
            (46, vec![15, 3, 2, 0, 6, 1, 2, 0]), // %15 = cmpxchg @g, %12, %13
            (26, vec![1, 0]),                    // %16 = extractvalue %15, 0
            (27, vec![9, 1, 1]),                 // %17 = insertvalue [7, -1], %16, 1
            (34, vec![0, 1 << 15, 20, 16, 12]),  // call @dbg(metadata !6)
            (12, vec![1, 6, 2, 4, 1]),           // switch %12, %2 [7 -> %1]
            (16, vec![1, 3, 0]),                 // %18 = phi [%19, %0]   (block 1)
            (29, vec![15, 14, 10]),              // %19 = select <cmp>, 7, -1
            (11, vec![2]),                       // br %2
            (10, vec![1]),                       // ret %19 (block 2)
        ]
    });
    for (code, ops) in &insts {
        w.write_unabbrev(*code, ops).unwrap();
    }
    block(
        &mut w,
        VST,
        &[
            (1, with_prefix(&[11], "x")),
            (1, with_prefix(&[12], "sum")),
            (2, with_prefix(&[1], "loop")),
        ],
    );
    block(&mut w, ATTACHMENT, &[(11, vec![0, 1, 2]), (11, vec![0, 3])]);
    block(&mut w, USELIST, &[(1, vec![1, 0, 4])]);
    w.exit_block().unwrap();
    w.exit_block().unwrap();
    w.finish().unwrap()
}

#[test]
fn uncommon_records() {
    let m = dxil_bitcode::read_module(&module(None)).unwrap();
    let ty = |i: usize| m.types.id_of(i).unwrap();
    let cst = |i: usize| ValueRef::Const(m.constants.id_of(i).unwrap());
    let mdn = |i: usize| m.metadata.id_of(i).unwrap();
    assert_eq!(m.version, 1);
    assert_eq!(m.name_of(m.triple), Some("dxil-ms-dx"));
    assert_eq!(m.types.len(), 22);
    assert_eq!(m.type_count_hint, Some(22));
    let TypeData::Struct(s) = &m.types[18] else {
        panic!("struct")
    };
    assert_eq!((s.name.as_deref(), s.identified), (Some("S"), true));
    assert!(matches!(m.types[9], TypeData::Struct(ref s) if !s.identified));

    // Globals, aliases, names, initializer.
    assert_eq!(m.name_of(m.globals[0].common.name), Some("g"));
    assert_eq!(m.globals[0].initializer, Some(cst(0)));
    assert_eq!(m.globals[0].align_log2p1, 3);
    assert_eq!(m.globals[0].common.ty, ty(4));
    assert_eq!(
        m.aliases[0].aliasee,
        ValueRef::Global(m.globals.id_of(0).unwrap())
    );
    assert_eq!(m.name_of(m.aliases[0].common.name), Some("a"));
    assert_eq!(m.name_of(m.functions[1].common.name), Some("dbg"));
    assert!(m.functions[1].is_proto);

    // Constants.
    let c = |i: u32| &m.constants[i as usize].kind;
    assert_eq!(*c(0), ConstKind::Int(7));
    assert_eq!(*c(1), ConstKind::Int(-1));
    assert!(matches!(*c(2), ConstKind::WideInt(w) if m.list(w) == [2, 1]));
    assert_eq!(*c(3), ConstKind::FloatWide([0x1234, 0x5678]));
    assert!(matches!(*c(4), ConstKind::Aggregate(a) if m.list(a) == [cst(0), cst(1)]));
    assert!(matches!(
        c(5),
        ConstKind::Cmp {
            predicate: Predicate::Int(IntPredicate::Eq),
            ..
        }
    ));
    assert!(matches!(
        c(6),
        ConstKind::Select { cond, .. } if *cond == cst(5)
    ));

    // Metadata: ids, forward/self references, named metadata, kinds.
    assert_eq!(m.module_metadata_count, 5);
    assert!(matches!(m.metadata[0], MetadataData::String(s) if m.bytes(s) == b"x"));
    assert!(matches!(
        m.metadata[3],
        MetadataData::Node {
            distinct: true,
            operands,
        } if m.list(operands) == [Some(mdn(3))]
    ));
    assert!(matches!(
        m.metadata[4],
        MetadataData::Location(DILocation {
            line: 5,
            column: 7,
            scope,
            inlined_at: None,
            ..
        }) if scope == mdn(3)
    ));
    assert_eq!(m.name_str(m.named_metadata[0].name), "named");
    assert_eq!(m.list(m.named_metadata[0].operands), [mdn(2), mdn(3)]);
    assert_eq!(m.metadata_kinds.len(), 2);
    assert_eq!(m.metadata_kinds[1].name, "tbaa");

    // The body.
    let f = &m.functions[0];
    assert_eq!(f.attachments, vec![(0, mdn(3))]);
    let b = f.body.as_ref().unwrap();
    assert_eq!(m.name_of(b.args[0].name), Some("x"));
    assert_eq!(b.blocks.len(), 3);
    assert_eq!(m.name_of(b.blocks[1].name), Some("loop"));
    assert_eq!(
        b.blocks.iter().map(|x| x.insts.len()).collect::<Vec<_>>(),
        [10, 3, 1]
    );
    let k = |i: u32| &b.insts[i as usize].kind;
    let arg = ValueRef::Arg(b.args.id_of(0).unwrap());
    let g = ValueRef::Global(m.globals.id_of(0).unwrap());
    let inst = |i: usize| ValueRef::Inst(b.insts.id_of(i).unwrap());
    let blk = |i: usize| b.blocks.id_of(i).unwrap();
    assert_eq!(
        *k(0),
        InstKind::Binary {
            op: BinOp::Add,
            lhs: arg,
            rhs: cst(0),
            flags: 2
        }
    );
    assert_eq!(m.name_of(b.insts[0].name()), Some("sum"));
    assert_eq!(b.insts[0].attachments(), [(1, mdn(2))]);
    let loc = DebugLoc {
        line: 5,
        col: 7,
        scope: Some(mdn(3)),
        inlined_at: None,
    };
    assert_eq!(b.insts[0].debug_loc(), Some(loc));
    assert_eq!(b.insts[1].debug_loc(), Some(loc));
    assert_eq!(b.insts[2].debug_loc(), None);
    assert_eq!(
        *k(1),
        InstKind::Load {
            ptr: g,
            align_log2p1: 3,
            volatile: false,
            atomic: Some(Atomic {
                ordering: Ordering::SeqCst,
                scope: SyncScope::CrossThread
            })
        }
    );
    assert!(
        matches!(k(2), InstKind::Store { ptr, value, atomic: Some(Atomic { ordering: Ordering::Release, .. }), .. } if *ptr == g && *value == inst(0))
    );
    assert_eq!(
        *k(3),
        InstKind::Fence {
            ordering: Ordering::AcqRel,
            scope: SyncScope::SingleThread
        }
    );
    assert!(matches!(
        k(4),
        InstKind::AtomicRmw {
            op: RmwOp::Add,
            ordering: Ordering::Monotonic,
            ..
        }
    ));
    assert_eq!(b.insts[4].ty, Some(ty(1)));
    assert!(
        matches!(k(5), InstKind::CmpXchg { cmp, new, success: Ordering::SeqCst, failure: Ordering::Monotonic, .. } if *cmp == inst(0) && *new == inst(1))
    );
    assert_eq!(b.insts[5].ty, Some(ty(9)));
    let InstKind::ExtractValue { aggregate, indices } = *k(6) else {
        panic!("extractvalue")
    };
    assert_eq!((aggregate, b.list(indices)), (inst(5), &[0][..]));
    assert_eq!(b.insts[7].ty, Some(ty(14)));
    assert_eq!(b.insts[3].ty, None);
    // The call's metadata argument is local metadata !6, which wraps the later load.
    let InstKind::Call {
        args,
        fn_ty,
        cc_field,
        ..
    } = k(8)
    else {
        panic!("call")
    };
    assert_eq!((*fn_ty, *cc_field), (ty(20), 1 << 15));
    let ValueRef::Metadata(md) = b.values(*args)[0] else {
        panic!("metadata argument")
    };
    assert_eq!(b.local_metadata.len(), 2);
    assert_eq!(md, b.local_metadata[1]);
    assert_eq!(
        m.metadata[md.index()],
        MetadataData::Value {
            ty: ty(1),
            value: inst(1)
        }
    );
    assert_eq!(
        m.metadata[b.local_metadata[0].index()],
        MetadataData::Value {
            ty: ty(1),
            value: arg
        }
    );
    assert!(
        matches!(k(9), InstKind::Switch { cases, default, .. } if *default == blk(2) && b.list(*cases)[0] == (cst(0), blk(1)))
    );
    // Forward reference from the phi to the select after it.
    let InstKind::Phi { incoming } = *k(10) else {
        panic!("phi")
    };
    assert_eq!(b.list(incoming), &[(inst(11), blk(0))]);
    assert!(matches!(
        k(11),
        InstKind::Select { cond, .. } if *cond == cst(5)
    ));
    assert_eq!(
        *k(13),
        InstKind::Ret {
            value: Some(inst(11))
        }
    );
    assert_eq!(
        b.uselists,
        vec![UseList {
            is_block: false,
            indexes: Box::new([1, 0]),
            id: 4
        }]
    );
    assert_eq!(b.symtab.len(), 3);
    assert_eq!(m.symtab.len(), 4);
}

#[test]
fn names_past_ascii_read_as_before() {
    // UTF-8 beyond ASCII is a name, kept through a write and a read.
    let m = dxil_bitcode::read_module(&module_naming_g(None, chars("é.ü"))).unwrap();
    assert_eq!(m.name_of(m.globals[0].common.name), Some("é.ü"));
    assert_eq!(m.name_of(m.functions[0].common.name), Some("f"));
    let back = dxil_bitcode::read_module(&dxil_bitcode::write_module(&m).unwrap()).unwrap();
    assert_eq!(back.name_of(back.globals[0].common.name), Some("é.ü"));
    // Bytes that are not UTF-8, or characters past 8 bits, are refused as before.
    let err = |name: Vec<u64>| match dxil_bitcode::read_module(&module_naming_g(None, name)) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    let e = err(vec![u64::from(b'g'), 0xff]);
    assert!(e.contains("name is not UTF-8"), "{e}");
    assert!(e.contains("VALUE_SYMTAB_BLOCK"), "{e}");
    let e = err(vec![u64::from(b'g'), 0x100]);
    assert!(e.contains("character exceeds 8 bits"), "{e}");
}

fn read_err(body: Vec<(u32, Vec<u64>)>) -> String {
    match dxil_bitcode::read_module(&module(Some(body))) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn body_errors_name_block_and_code() {
    let e = read_err(vec![(99, vec![])]);
    assert!(
        e.starts_with("unexpected record code 99 in FUNCTION_BLOCK (at bit 0x"),
        "{e}"
    );
    // A forward reference that is never defined.
    let e = read_err(vec![
        (2, vec![1, 8, 0]),
        (2, vec![1, 9, 0]),
        (10, vec![u64::from(14u32.wrapping_sub(50)), 1]),
        (10, vec![]),
        (10, vec![]),
    ]);
    assert!(e.contains("invalid value id 50"), "{e}");
    // Operand of the wrong type: add i32 %x, <i1 constant>.
    let e = read_err(vec![(2, vec![1, 3, 0])]);
    assert!(
        e.contains("type mismatch") && e.contains("record code 2 in FUNCTION_BLOCK"),
        "{e}"
    );
    // Branch to a block that does not exist.
    let e = read_err(vec![(11, vec![7])]);
    assert!(e.contains("invalid basic block 7"), "{e}");
    // Body ends before its blocks are terminated.
    let e = read_err(vec![
        (2, vec![1, 8, 0]),
        (2, vec![1, 9, 0]),
        (11, vec![1]),
        (15, vec![]),
    ]);
    assert!(e.contains("ends before its last block"), "{e}");
}

/// LLVM 3.7 stores only i8/i16/i32/i64, float and double sequences as DATA records; a DATA
/// record of half elements is refused, as the reference's reader refuses it.
#[test]
fn data_record_of_half_elements_is_refused() {
    let build = |elem_code: u32, elem_ops: Vec<u64>| {
        let mut w = Writer::new();
        w.enter_block(MODULE, 3).unwrap();
        w.write_unabbrev(1, &[1]).unwrap();
        block(
            &mut w,
            TYPES,
            &[
                (1, vec![3]),
                (elem_code, elem_ops), // 0 element type
                (12, vec![2, 0]),      // 1 <2 x elem>
                (8, vec![1, 0]),       // 2 <2 x elem>*
            ],
        );
        // @v = global <2 x elem> <DATA>: value 0 is @v, the constant is value 1.
        w.write_unabbrev(7, &[1, 2, 2, 0, 0, 0]).unwrap();
        block(
            &mut w,
            CONSTANTS,
            &[(1, vec![1]), (22, vec![0x3C00, 0x4000])],
        );
        w.exit_block().unwrap();
        w.finish().unwrap()
    };
    // <2 x i16> as data is fine.
    dxil_bitcode::read_module(&build(7, vec![16])).expect("i16 data reads");
    // <2 x half> (type code 10) as data is not.
    let e = match dxil_bitcode::read_module(&build(10, vec![])) {
        Ok(_) => panic!("half data accepted"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("DATA constant whose elements"), "{e}");
}

/// A `blockaddress` names a block of its function's body, which comes after the constant:
/// the block is checked when the module ends, so a read module holds no dangling block.
#[test]
fn blockaddress_of_a_missing_block_is_refused() {
    let build = |block_no: u64| {
        let mut w = Writer::new();
        w.enter_block(MODULE, 3).unwrap();
        w.write_unabbrev(1, &[1]).unwrap();
        block(
            &mut w,
            TYPES,
            &[
                (1, vec![5]),
                (2, vec![]),      // 0 void
                (7, vec![8]),     // 1 i8
                (8, vec![1, 0]),  // 2 i8*
                (21, vec![0, 0]), // 3 void ()
                (8, vec![3, 0]),  // 4 void ()*
            ],
        );
        // @f, value 0, defined below with one block.
        w.write_unabbrev(8, &[3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap();
        block(
            &mut w,
            CONSTANTS,
            &[(1, vec![2]), (21, vec![3, 0, block_no])],
        );
        w.enter_block(FUNCTION, 4).unwrap();
        w.write_unabbrev(1, &[1]).unwrap(); // DECLAREBLOCKS 1
        w.write_unabbrev(10, &[]).unwrap(); // ret void
        w.exit_block().unwrap();
        w.exit_block().unwrap();
        w.finish().unwrap()
    };
    let m = dxil_bitcode::read_module(&build(0)).expect("blockaddress of the entry block");
    assert!(matches!(
        m.constants[0].kind,
        ConstKind::BlockAddress { block, .. } if block.index() == 0
    ));
    let e = dxil_bitcode::read_module(&build(5)).expect_err("a block the body lacks");
    assert!(e.to_string().contains("invalid basic block 5"), "{e}");
}
