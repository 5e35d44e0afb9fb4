//! Property test: random small modules built through the IR API are encoded, decoded and
//! compared. The writer computes its own orders (types, constants, metadata), so the decoded
//! module is compared structurally (values described by what they are, not by arena index),
//! and encoding the decoded module must give the same bytes again.

use dxil_ir::*;
use proptest::prelude::*;

/// A random module description.
#[derive(Clone, Debug)]
struct Spec {
    globals: Vec<(bool, Option<i64>)>,
    funcs: Vec<FuncSpec>,
    named: Vec<Vec<MdSpec>>,
}

#[derive(Clone, Debug)]
enum MdSpec {
    Str(String),
    Int(i64),
    Node(Vec<Option<u8>>),
}

#[derive(Clone, Debug)]
struct FuncSpec {
    params: Vec<bool>,
    ops: Vec<OpSpec>,
    branch: bool,
    named_args: bool,
    debug: bool,
}

#[derive(Clone, Debug)]
enum OpSpec {
    IntBin(u8, u8, i64),
    FloatBin(u8, u8, u32),
    Cmp(u8, u8),
    Select(u8),
    Cast(u8),
    LoadStore(u8),
    CallExt(u8, bool),
    Sink(u8),
}

fn md_spec() -> impl Strategy<Value = MdSpec> {
    prop_oneof![
        "[a-z.]{0,8}".prop_map(MdSpec::Str),
        (-5i64..1000).prop_map(MdSpec::Int),
        proptest::collection::vec(proptest::option::of(0u8..8), 0..4).prop_map(MdSpec::Node),
    ]
}

fn op_spec() -> impl Strategy<Value = OpSpec> {
    prop_oneof![
        (0u8..5, any::<u8>(), -3i64..300).prop_map(|(o, a, c)| OpSpec::IntBin(o, a, c)),
        (0u8..3, any::<u8>(), any::<u32>()).prop_map(|(o, a, c)| OpSpec::FloatBin(o, a, c)),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| OpSpec::Cmp(a, b)),
        any::<u8>().prop_map(OpSpec::Select),
        any::<u8>().prop_map(OpSpec::Cast),
        any::<u8>().prop_map(OpSpec::LoadStore),
        (any::<u8>(), any::<bool>()).prop_map(|(a, t)| OpSpec::CallExt(a, t)),
        any::<u8>().prop_map(OpSpec::Sink),
    ]
}

fn spec() -> impl Strategy<Value = Spec> {
    let func = (
        proptest::collection::vec(any::<bool>(), 0..3),
        proptest::collection::vec(op_spec(), 0..12),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(params, ops, branch, named_args, debug)| FuncSpec {
            params,
            ops,
            branch,
            named_args,
            debug,
        });
    (
        proptest::collection::vec((any::<bool>(), proptest::option::of(-4i64..100)), 0..3),
        proptest::collection::vec(func, 1..3),
        proptest::collection::vec(proptest::collection::vec(md_spec(), 0..4), 0..3),
    )
        .prop_map(|(globals, funcs, named)| Spec {
            globals,
            funcs,
            named,
        })
}

/// Builds modules through the IR's data structures.
struct Builder {
    m: Module,
}

impl Builder {
    fn ty(&mut self, t: TypeData) -> Type {
        if let Some(x) = self.m.find_type(&t) {
            return x;
        }
        self.m.types.push(t)
    }
    fn ptr(&mut self, t: Type) -> Type {
        self.ty(TypeData::Pointer {
            pointee: t,
            addrspace: 0,
        })
    }
    fn konst(&mut self, ty: Type, kind: ConstKind) -> ValueRef {
        if let Some((i, _)) = self
            .m
            .constants
            .iter_with_ids()
            .find(|(_, c)| c.ty == ty && c.kind == kind)
        {
            return ValueRef::Const(i);
        }
        ValueRef::Const(self.m.constants.push(ConstData { ty, kind }))
    }
    fn md(&mut self, d: MetadataData) -> Metadata {
        self.m.metadata.push(d)
    }
    fn function(&mut self, name: &str, fn_ty: Type, attributes: u32) -> Function {
        let ty = self.ptr(fn_ty);
        let name = Some(self.m.intern(name));
        self.m.functions.push(FunctionData {
            attributes,
            ..FunctionData::declaration(
                GlobalCommon {
                    name,
                    ..GlobalCommon::new(ty)
                },
                fn_ty,
                15,
            )
        })
    }
}

fn build(spec: &Spec) -> Module {
    let mut m = Module {
        version: 1,
        ..Module::default()
    };
    m.triple = Some(m.intern("dxil-ms-dx"));
    m.datalayout = Some(m.intern("e-m:e-p:32:32-i1:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"));
    let mut b = Builder { m };
    let void = b.ty(TypeData::Void);
    let i32t = b.ty(TypeData::Int(32));
    let i1 = b.ty(TypeData::Int(1));
    let f32t = b.ty(TypeData::Float);
    let mdt = b.ty(TypeData::Metadata);
    let label = b.ty(TypeData::Label);
    let _ = (void, label);
    // Attributes: #1 = nounwind readnone on the function.
    b.m.attribute_groups.push(AttributeGroup {
        id: 1,
        index: u32::MAX,
        attrs: vec![Attribute::Enum(18), Attribute::Enum(20)],
    });
    b.m.attribute_lists.push(AttributeList {
        groups: Box::new([1]),
    });
    b.m.metadata_kinds = vec![
        MetadataKind {
            id: 0,
            name: "dbg".into(),
        },
        MetadataKind {
            id: 1,
            name: "tbaa".into(),
        },
    ];
    // Globals.
    for (i, &(is_const, init)) in spec.globals.iter().enumerate() {
        let ptr = b.ptr(i32t);
        let initializer = init.map(|v| {
            let kind = if v == 0 {
                ConstKind::Null
            } else {
                ConstKind::Int(v)
            };
            b.konst(i32t, kind)
        });
        let name = Some(b.m.intern(&format!("g{i}")));
        b.m.globals.push(GlobalVar {
            common: GlobalCommon {
                name,
                linkage: if initializer.is_some() { 3 } else { 0 },
                ..GlobalCommon::new(ptr)
            },
            value_ty: i32t,
            addrspace: 0,
            is_constant: is_const && initializer.is_some(),
            explicit_type: true,
            initializer,
            align_log2p1: 3,
            section: 0,
            externally_initialized: false,
            record_len: 6,
        });
    }
    // Declarations: i32 @ext(i32) and void @sink(metadata).
    let ext_ty = b.ty(TypeData::Function {
        ret: i32t,
        params: Box::new([i32t]),
        vararg: false,
    });
    let ext = b.function("ext", ext_ty, 1);
    let sink_ty = b.ty(TypeData::Function {
        ret: void,
        params: Box::new([mdt]),
        vararg: false,
    });
    let sink = b.function("sink", sink_ty, 0);
    let scope = b.md(MetadataData::Node {
        distinct: true,
        operands: MdRange::EMPTY,
    });
    let name = b.m.pools.push(&b"int"[..]);
    let tbaa_name = b.md(MetadataData::String(name));
    let operands = b.m.pools.push(&[Some(tbaa_name)]);
    let tbaa = b.md(MetadataData::Node {
        distinct: false,
        operands,
    });
    // Definitions.
    for (fi, fs) in spec.funcs.iter().enumerate() {
        let params: Vec<Type> = fs
            .params
            .iter()
            .map(|&f| if f { f32t } else { i32t })
            .collect();
        let fn_ty = b.ty(TypeData::Function {
            ret: i32t,
            params: params.clone().into(),
            vararg: false,
        });
        let f = b.function(&format!("f{fi}"), fn_ty, 1);
        let mut body = Body::default();
        let mut ints: Vec<ValueRef> = Vec::new();
        let mut floats: Vec<ValueRef> = Vec::new();
        for (i, &t) in params.iter().enumerate() {
            let v = ValueRef::Arg(body.args.push(ArgData {
                ty: t,
                name: fs.named_args.then(|| b.m.intern(&format!("a{i}"))),
            }));
            if t == f32t {
                floats.push(v)
            } else {
                ints.push(v)
            }
        }
        let one = b.konst(i32t, ConstKind::Int(1));
        ints.push(one);
        let fone = b.konst(f32t, ConstKind::Float(1.0f32.to_bits() as u64));
        floats.push(fone);
        let mut bools: Vec<ValueRef> = Vec::new();
        body.blocks.push(BlockData::default());
        let push = |body: &mut Body, kind: InstKind, ty: Option<Type>, loc: bool| {
            let debug_loc = loc.then_some(DebugLoc {
                line: 3 + body.insts.len() as u32 % 2,
                col: 1,
                scope: Some(scope),
                inlined_at: None,
            });
            let mut inst = InstData::new(kind, ty);
            inst.set_debug_loc(debug_loc);
            let id = body.insts.push(inst);
            let last = body.blocks.len() - 1;
            body.blocks[last].insts.push(id);
            ValueRef::Inst(id)
        };
        let pick = |v: &Vec<ValueRef>, k: u8| v[k as usize % v.len()];
        for op in &fs.ops {
            match *op {
                OpSpec::IntBin(o, a, c) => {
                    let rhs = if c == 0 {
                        b.konst(i32t, ConstKind::Null)
                    } else {
                        b.konst(i32t, ConstKind::Int(c))
                    };
                    let op =
                        [BinOp::Add, BinOp::Mul, BinOp::Xor, BinOp::Shl, BinOp::Sub][o as usize];
                    let flags = if matches!(op, BinOp::Add | BinOp::Shl) {
                        2
                    } else {
                        0
                    };
                    let kind = InstKind::Binary {
                        op,
                        lhs: pick(&ints, a),
                        rhs,
                        flags,
                    };
                    let v = push(&mut body, kind, Some(i32t), fs.debug);
                    ints.push(v);
                }
                OpSpec::FloatBin(o, a, c) => {
                    let rhs = if c == 0 {
                        b.konst(f32t, ConstKind::Null)
                    } else {
                        b.konst(f32t, ConstKind::Float(u64::from(c)))
                    };
                    let op = [BinOp::FAdd, BinOp::FMul, BinOp::FSub][o as usize];
                    let kind = InstKind::Binary {
                        op,
                        lhs: pick(&floats, a),
                        rhs,
                        flags: u64::from(o) * 2,
                    };
                    let v = push(&mut body, kind, Some(f32t), fs.debug);
                    floats.push(v);
                }
                OpSpec::Cmp(x, y) => {
                    let kind = InstKind::Cmp {
                        predicate: Predicate::from_code(32 + u64::from(x % 10)).unwrap(),
                        lhs: pick(&ints, x),
                        rhs: pick(&ints, y),
                        flags: 0,
                    };
                    let v = push(&mut body, kind, Some(i1), false);
                    bools.push(v);
                }
                OpSpec::Select(x) if !bools.is_empty() => {
                    let kind = InstKind::Select {
                        cond: pick(&bools, x),
                        if_true: pick(&floats, x),
                        if_false: pick(&floats, x / 2),
                    };
                    let v = push(&mut body, kind, Some(f32t), false);
                    floats.push(v);
                }
                OpSpec::Select(_) => {}
                OpSpec::Cast(x) => {
                    let kind = InstKind::Cast {
                        op: CastOp::SiToFp,
                        value: pick(&ints, x),
                    };
                    let v = push(&mut body, kind, Some(f32t), fs.debug);
                    floats.push(v);
                }
                OpSpec::LoadStore(x) if !b.m.globals.is_empty() => {
                    let g = b.m.globals.id_of(usize::from(x) % b.m.globals.len());
                    let g = ValueRef::Global(g.unwrap());
                    let kind = InstKind::Load {
                        ptr: g,
                        align_log2p1: 3,
                        volatile: false,
                        atomic: None,
                    };
                    let v = push(&mut body, kind, Some(i32t), false);
                    if x % 2 == 0 {
                        let last = body.insts.len() - 1;
                        body.insts[last].push_attachment(1, tbaa);
                    }
                    ints.push(v);
                    if !b.m.globals[g_index(g)].is_constant {
                        let kind = InstKind::Store {
                            ptr: g,
                            value: pick(&ints, x),
                            align_log2p1: 3,
                            volatile: x % 3 == 0,
                            atomic: None,
                        };
                        push(&mut body, kind, None, fs.debug);
                    }
                }
                OpSpec::LoadStore(_) => {}
                OpSpec::CallExt(x, tail) => {
                    let kind = InstKind::Call {
                        attributes: 1,
                        cc_field: u64::from(tail) | 1 << 15,
                        fn_ty: ext_ty,
                        callee: ValueRef::Function(ext),
                        args: body.push_values([pick(&ints, x)]),
                    };
                    let v = push(&mut body, kind, Some(i32t), fs.debug);
                    ints.push(v);
                }
                OpSpec::Sink(x) => {
                    let v = pick(&ints, x);
                    let wrapped = b.md(MetadataData::Value { ty: i32t, value: v });
                    let kind = InstKind::Call {
                        attributes: 0,
                        cc_field: 1 << 15,
                        fn_ty: sink_ty,
                        callee: ValueRef::Function(sink),
                        args: body.push_values([ValueRef::Metadata(wrapped)]),
                    };
                    push(&mut body, kind, None, false);
                }
            }
        }
        let result = *ints.last().unwrap_or(&one);
        if fs.branch && !bools.is_empty() {
            let cond = bools[0];
            // The two blocks made below: the body will have three.
            let block = |i| Block::checked(i, 3).unwrap();
            push(
                &mut body,
                InstKind::CondBr {
                    cond,
                    if_true: block(1),
                    if_false: block(2),
                },
                None,
                false,
            );
            for k in 0..2 {
                body.blocks.push(BlockData {
                    name: Some(b.m.intern(&format!("bb{k}"))),
                    insts: Vec::new(),
                });
                let value = if k == 0 { result } else { one };
                push(&mut body, InstKind::Ret { value: Some(value) }, None, false);
            }
        } else {
            push(
                &mut body,
                InstKind::Ret {
                    value: Some(result),
                },
                None,
                fs.debug,
            );
        }
        // Only values can be named (void instructions have no symbol).
        if let Some(i) = body.insts.iter_mut().find(|i| i.ty.is_some()) {
            i.set_name(Some(b.m.intern("first")));
        }
        let fd = &mut b.m.functions[f.index()];
        fd.is_proto = false;
        fd.body = Some(body);
    }
    // Named metadata.
    for (k, ops) in spec.named.iter().enumerate() {
        let mut made: Vec<Metadata> = Vec::new();
        for o in ops {
            let md = match o {
                MdSpec::Str(s) => {
                    let s = b.m.pools.push(s.as_bytes());
                    b.md(MetadataData::String(s))
                }
                MdSpec::Int(v) => {
                    let c = if *v == 0 {
                        b.konst(i32t, ConstKind::Null)
                    } else {
                        b.konst(i32t, ConstKind::Int(*v))
                    };
                    b.md(MetadataData::Value { ty: i32t, value: c })
                }
                MdSpec::Node(refs) => {
                    let operands = b.m.pools.extend(
                        refs.iter()
                            .map(|r| r.and_then(|i| made.get(i as usize).copied())),
                    );
                    b.md(MetadataData::Node {
                        distinct: false,
                        operands,
                    })
                }
            };
            made.push(md);
        }
        let nodes = made
            .iter()
            .copied()
            .filter(|&md| matches!(b.m.metadata[md.index()], MetadataData::Node { .. }));
        let nodes: Vec<Metadata> = nodes.collect();
        let operands = b.m.pools.push(&nodes);
        let name = b.m.intern(&format!("named.{k}"));
        b.m.named_metadata.push(NamedMetadata { name, operands });
    }
    b.m
}

fn g_index(v: ValueRef) -> usize {
    match v {
        ValueRef::Global(g) => g.index(),
        _ => 0,
    }
}

/// Order-independent descriptions.
fn ty(m: &Module, t: Type) -> String {
    match m.ty(t) {
        Some(TypeData::Pointer { pointee, .. }) => format!("{}*", ty(m, *pointee)),
        Some(TypeData::Function { ret, params, .. }) => format!(
            "{}({})",
            ty(m, *ret),
            params
                .iter()
                .map(|&p| ty(m, p))
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => format!("{other:?}"),
    }
}

fn md(m: &Module, body: Option<&Body>, x: Option<Metadata>, depth: u32) -> String {
    let Some(x) = x else { return "null".into() };
    if depth > 6 {
        return "...".into();
    }
    match m.md(x) {
        Some(MetadataData::String(s)) => format!("!{:?}", String::from_utf8_lossy(m.bytes(*s))),
        Some(MetadataData::Value { ty: t, value }) => {
            format!("{} {}", ty(m, *t), val(m, body, *value))
        }
        Some(MetadataData::Node { distinct, operands }) => format!(
            "{}!{{{}}}",
            if *distinct { "distinct " } else { "" },
            m.list(*operands)
                .iter()
                .map(|&o| md(m, body, o, depth + 1))
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => format!("{other:?}"),
    }
}

fn val(m: &Module, body: Option<&Body>, v: ValueRef) -> String {
    match v {
        ValueRef::Const(c) => {
            let d = m.constant(c).unwrap();
            let kind = match &d.kind {
                ConstKind::Int(0) | ConstKind::Float(0) => "Null".to_string(),
                k => format!("{k:?}"),
            };
            format!("{} {kind}", ty(m, d.ty))
        }
        ValueRef::Global(_) | ValueRef::Function(_) | ValueRef::Alias(_) => format!(
            "@{}",
            m.global_name(match v {
                ValueRef::Global(g) => GlobalValue::Global(g),
                ValueRef::Function(f) => GlobalValue::Function(f),
                ValueRef::Alias(a) => GlobalValue::Alias(a),
                _ => unreachable!(),
            })
            .unwrap_or("?")
        ),
        ValueRef::Metadata(x) => md(m, body, Some(x), 0),
        other => format!("{other:?}"),
    }
}

fn describe(m: &Module) -> Vec<String> {
    let mut out = Vec::new();
    for g in &m.globals {
        out.push(format!(
            "global {:?} {} const={} init={:?} align={}",
            m.name_of(g.common.name),
            ty(m, g.value_ty),
            g.is_constant,
            g.initializer.map(|v| val(m, None, v)),
            g.align_log2p1
        ));
    }
    for f in &m.functions {
        let attrs = (f.attributes as usize)
            .checked_sub(1)
            .map(|i| {
                m.attribute_lists[i]
                    .groups
                    .iter()
                    .map(|g| {
                        format!(
                            "{:?}",
                            m.attribute_groups
                                .iter()
                                .find(|x| x.id == *g)
                                .map(|x| (&x.attrs, x.index))
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        out.push(format!(
            "fn {:?} {} attrs={attrs:?} def={}",
            m.name_of(f.common.name),
            ty(m, f.fn_ty),
            f.body.is_some()
        ));
        let Some(body) = &f.body else { continue };
        for a in &body.args {
            out.push(format!("  arg {} {:?}", ty(m, a.ty), m.name_of(a.name)));
        }
        // Blanking operands in place writes the lists: a copy of the pool takes it.
        let mut scratch = body.pool.clone();
        for (bi, blk) in body.blocks.iter().enumerate() {
            out.push(format!("  block {bi} {:?}", m.name_of(blk.name)));
            for &i in &blk.insts {
                let inst = &body.insts[i.index()];
                let mut ops = Vec::new();
                inst.kind
                    .for_each_operand(&body.pool, |&v| ops.push(val(m, Some(body), v)));
                // Every field but the value operands (listed apart) and the type ids.
                let mut k = inst.kind;
                let blank = ValueRef::Arg(Arg::checked(0, 1).unwrap());
                k.for_each_operand_mut(&mut scratch, |v| *v = blank);
                let mut fn_ty = String::new();
                if let InstKind::Call { fn_ty: t, args, .. }
                | InstKind::Invoke { fn_ty: t, args, .. } = &mut k
                {
                    fn_ty = ty(m, *t);
                    *t = Type::checked(0, 1).unwrap();
                    // Where the arguments sit in the pool is no part of the module.
                    *args = Default::default();
                }
                let kind = format!("{k:?} {fn_ty}");
                out.push(format!(
                    "    {i} {kind} [{}] -> {:?} {:?} loc={:?} att={:?}",
                    ops.join("; "),
                    inst.ty.map(|t| ty(m, t)),
                    m.name_of(inst.name()),
                    inst.debug_loc()
                        .map(|l| (l.line, l.col, md(m, None, l.scope, 0))),
                    inst.attachments()
                        .iter()
                        .map(|&(k, x)| (k, md(m, None, Some(x), 0)))
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
    for nm in &m.named_metadata {
        out.push(format!(
            "!{} = {:?}",
            m.name_str(nm.name),
            m.list(nm.operands)
                .iter()
                .map(|&o| md(m, None, Some(o), 0))
                .collect::<Vec<_>>()
        ));
    }
    out.push(format!("kinds {:?}", m.metadata_kinds));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn built_modules_round_trip(s in spec()) {
        let m = build(&s);
        let bytes = dxil_bitcode::write_module(&m).expect("write");
        let back = dxil_bitcode::read_module(&bytes).expect("read back");
        prop_assert_eq!(describe(&back), describe(&m));
        let again = dxil_bitcode::write_module(&back).expect("write again");
        prop_assert!(again == bytes, "re-encoding the decoded module changed the bytes");
        // The decoded module keeps the writer's orders, so it is a fixed point.
        let back2 = dxil_bitcode::read_module(&again).expect("read again");
        prop_assert!(back2 == back);
    }
}
