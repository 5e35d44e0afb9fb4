//! Random well-typed compute shaders, built through the builder, read back by the project and
//! judged by the reference validator.
//!
//! A [`Program`] is a small description: shader model, thread group size, buffers, an
//! optional group-shared array, and statements over a pool of `i32`/`f32` values
//! (arithmetic, comparisons, selects, casts, thread ids, buffer loads and stores, unary,
//! binary and tertiary `dx.op`s, if/else diamonds merged by a phi, counted loops with a phi
//! induction variable). Operands are indices into the values of the wanted type that are in
//! scope, so every description is well typed and every use is dominated by its definition.

use dxil_builder::{Arg, EntryBuilder, ResourceDesc, ResourceId, ShaderBuilder};
use dxil_container::{Container, Program as ProgramPart, ShaderKind};
use dxil_ir::build::Value;
use dxil_ir::{Block, CastOp, ConstKind, FloatPredicate, IntPredicate, Type, TypeData};
use dxil_ops::{Scalar, Ty};
use dxil_parts::names::ComponentType;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// The two value types of the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum T {
    I32,
    F32,
}

/// A buffer's shape; typed buffers fix the value type, the others take either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Buf {
    Structured,
    Raw,
    Typed(T),
}

#[derive(Clone, Copy, Debug)]
enum IntOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
    UDiv,
    URem,
}

#[derive(Clone, Copy, Debug)]
enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
}

#[derive(Clone, Copy, Debug)]
enum Cast {
    SiToFp,
    UiToFp,
    FpToSi,
    FpToUi,
    IntBitsToFloat,
    FloatBitsToInt,
}

#[derive(Clone, Copy, Debug)]
enum IdOp {
    ThreadId,
    GroupId,
    ThreadIdInGroup,
    Flattened,
}

#[derive(Clone, Copy, Debug)]
enum UnaryOp {
    Sqrt,
    FAbs,
    Exp,
    Log,
    Frc,
    Saturate,
    RoundNe,
    Bfrev,
    Countbits,
    FirstbitLo,
}

#[derive(Clone, Copy, Debug)]
enum BinaryOp {
    FMax,
    FMin,
    IMax,
    IMin,
    UMax,
    UMin,
}

/// A comparison of two pool values (`float`: `fcmp` of `f32`s, else `icmp` of `i32`s);
/// `pred` indexes the predicates of that kind.
#[derive(Clone, Copy, Debug)]
struct Cond {
    float: bool,
    pred: usize,
    a: usize,
    b: usize,
}

#[derive(Clone, Debug)]
enum Stmt {
    ConstInt(i32),
    ConstFloat(f32),
    Id(IdOp, u8),
    Int(IntOp, usize, usize),
    Float(FloatOp, usize, usize),
    Cast(Cast, usize),
    Select(T, Cond, usize, usize),
    Unary(UnaryOp, usize),
    Binary(BinaryOp, usize, usize),
    /// `FMad` on `f32`s or `IMad` on `i32`s.
    Mad(T, [usize; 3]),
    Load {
        srv: usize,
        ty: T,
        index: usize,
    },
    Store {
        uav: usize,
        ty: T,
        index: usize,
        value: usize,
    },
    /// A group-shared load; the array is read only once every thread has written its slot
    /// and passed the barrier, so before that point this statement emits nothing.
    SharedLoad {
        index: usize,
    },
    If {
        cond: Cond,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
        merge: (T, usize, usize),
    },
    Loop {
        trips: u8,
        carried: T,
        init: usize,
        body: Vec<Stmt>,
        next: usize,
    },
}

/// The group-shared phase: every thread stores a value at its flattened id, then a barrier;
/// it runs before top-level statement `at` (modulo the statement count + 1).
#[derive(Clone, Copy, Debug)]
struct Shared {
    ty: T,
    value: usize,
    at: usize,
}

#[derive(Clone, Debug)]
struct Program {
    minor: u32,
    /// log2 of the thread group's x, y, z.
    threads: (u32, u32, u32),
    srvs: Vec<Buf>,
    uavs: Vec<Buf>,
    shared: Option<Shared>,
    body: Vec<Stmt>,
}

fn ty() -> impl Strategy<Value = T> {
    prop_oneof![Just(T::I32), Just(T::F32)]
}

fn buf() -> impl Strategy<Value = Buf> {
    prop_oneof![
        Just(Buf::Structured),
        Just(Buf::Raw),
        ty().prop_map(Buf::Typed)
    ]
}

fn idx() -> impl Strategy<Value = usize> {
    0..32usize
}

fn cond() -> impl Strategy<Value = Cond> {
    (any::<bool>(), 0..16usize, idx(), idx()).prop_map(|(float, pred, a, b)| Cond {
        float,
        pred,
        a,
        b,
    })
}

fn leaf() -> impl Strategy<Value = Stmt> {
    use IntOp::*;
    prop_oneof![
        any::<i32>().prop_map(Stmt::ConstInt),
        select(&[0.0f32, 1.0, -2.5, 0.125, 1.0e6, -0.0][..]).prop_map(Stmt::ConstFloat),
        (
            select(
                &[
                    IdOp::ThreadId,
                    IdOp::GroupId,
                    IdOp::ThreadIdInGroup,
                    IdOp::Flattened
                ][..]
            ),
            0..3u8
        )
            .prop_map(|(op, c)| Stmt::Id(op, c)),
        (
            select(&[Add, Sub, Mul, And, Or, Xor, Shl, LShr, AShr, UDiv, URem][..]),
            idx(),
            idx()
        )
            .prop_map(|(op, a, b)| Stmt::Int(op, a, b)),
        (
            select(&[FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div][..]),
            idx(),
            idx()
        )
            .prop_map(|(op, a, b)| Stmt::Float(op, a, b)),
        (
            select(
                &[
                    Cast::SiToFp,
                    Cast::UiToFp,
                    Cast::FpToSi,
                    Cast::FpToUi,
                    Cast::IntBitsToFloat,
                    Cast::FloatBitsToInt
                ][..]
            ),
            idx()
        )
            .prop_map(|(c, a)| Stmt::Cast(c, a)),
        (ty(), cond(), idx(), idx()).prop_map(|(t, c, a, b)| Stmt::Select(t, c, a, b)),
        (
            select(
                &[
                    UnaryOp::Sqrt,
                    UnaryOp::FAbs,
                    UnaryOp::Exp,
                    UnaryOp::Log,
                    UnaryOp::Frc,
                    UnaryOp::Saturate,
                    UnaryOp::RoundNe,
                    UnaryOp::Bfrev,
                    UnaryOp::Countbits,
                    UnaryOp::FirstbitLo
                ][..]
            ),
            idx()
        )
            .prop_map(|(op, a)| Stmt::Unary(op, a)),
        (
            select(
                &[
                    BinaryOp::FMax,
                    BinaryOp::FMin,
                    BinaryOp::IMax,
                    BinaryOp::IMin,
                    BinaryOp::UMax,
                    BinaryOp::UMin
                ][..]
            ),
            idx(),
            idx()
        )
            .prop_map(|(op, a, b)| Stmt::Binary(op, a, b)),
        (ty(), [idx(), idx(), idx()]).prop_map(|(t, abc)| Stmt::Mad(t, abc)),
        (0..4usize, ty(), idx()).prop_map(|(srv, ty, index)| Stmt::Load { srv, ty, index }),
        (0..4usize, ty(), idx(), idx()).prop_map(|(uav, ty, index, value)| Stmt::Store {
            uav,
            ty,
            index,
            value
        }),
        idx().prop_map(|index| Stmt::SharedLoad { index }),
    ]
}

fn stmt() -> impl Strategy<Value = Stmt> {
    leaf().prop_recursive(3, 48, 6, |inner| {
        prop_oneof![
            (
                cond(),
                vec(inner.clone(), 0..6),
                vec(inner.clone(), 0..6),
                (ty(), idx(), idx())
            )
                .prop_map(|(cond, then, els, merge)| Stmt::If {
                    cond,
                    then,
                    els,
                    merge
                }),
            (1..5u8, ty(), idx(), vec(inner, 0..8), idx()).prop_map(
                |(trips, carried, init, body, next)| Stmt::Loop {
                    trips,
                    carried,
                    init,
                    body,
                    next
                }
            ),
        ]
    })
}

fn program() -> impl Strategy<Value = Program> {
    (
        0..=8u32,
        (0..=5u32, 0..=3u32, 0..=2u32),
        vec(buf(), 1..=3),
        vec(buf(), 1..=2),
        proptest::option::of((ty(), idx(), idx()).prop_map(|(ty, value, at)| Shared {
            ty,
            value,
            at,
        })),
        vec(stmt(), 1..16),
    )
        .prop_map(|(minor, threads, srvs, uavs, shared, body)| Program {
            minor,
            threads,
            srvs,
            uavs,
            shared,
            body,
        })
}

type BuildResult<T> = Result<T, dxil_builder::Error>;

/// What the emitter keeps beside the entry builder.
struct State {
    minor: u32,
    i32t: Type,
    f32t: Type,
    /// Values in scope, in definition order; scopes end by truncation.
    pool: Vec<(Value, T)>,
    srvs: Vec<(Value, Buf)>,
    uavs: Vec<(Value, Buf)>,
    /// The group-shared array, its type, element type and length.
    shared: Option<(Value, Type, T, u32)>,
    shared_ready: bool,
    /// `dx.op` calls emitted (the read-back text must show as many).
    dx_calls: usize,
}

impl State {
    fn ir(&self, t: T) -> Type {
        match t {
            T::I32 => self.i32t,
            T::F32 => self.f32t,
        }
    }

    /// The `i`-th (modulo their count) value of type `t` in scope; the pool always holds
    /// one of each type, pushed before any statement.
    fn pick(&self, t: T, i: usize) -> Value {
        let n = self.pool.iter().filter(|(_, u)| *u == t).count();
        self.pool
            .iter()
            .filter(|(_, u)| *u == t)
            .nth(i % n)
            .map(|(v, _)| *v)
            .expect("the pool holds a value of each type")
    }

    fn int(&self, e: &mut EntryBuilder<'_>, v: i64) -> BuildResult<Value> {
        Ok(e.ir().module().const_int(self.i32t, v)?)
    }
}

fn scalar(t: T) -> [Ty; 1] {
    [Ty::Scalar(match t {
        T::I32 => Scalar::I32,
        T::F32 => Scalar::Float,
    })]
}

fn emit_cond(e: &mut EntryBuilder<'_>, s: &State, c: Cond) -> BuildResult<Value> {
    if c.float {
        // `false`/`true` are left out: DXC never writes them and they compare nothing.
        let preds = &FloatPredicate::ALL[1..15];
        let p = preds[c.pred % preds.len()];
        let (a, b) = (s.pick(T::F32, c.a), s.pick(T::F32, c.b));
        Ok(e.ir().fcmp(p, a, b)?)
    } else {
        let p = IntPredicate::ALL[c.pred % IntPredicate::ALL.len()];
        let (a, b) = (s.pick(T::I32, c.a), s.pick(T::I32, c.b));
        Ok(e.ir().icmp(p, a, b)?)
    }
}

fn emit_block(e: &mut EntryBuilder<'_>, s: &mut State, body: &[Stmt]) -> BuildResult<()> {
    for st in body {
        emit_stmt(e, s, st)?;
    }
    Ok(())
}

fn emit_stmt(e: &mut EntryBuilder<'_>, s: &mut State, st: &Stmt) -> BuildResult<()> {
    let i32o = scalar(T::I32);
    let (v, t) = match *st {
        Stmt::ConstInt(x) => (s.int(e, i64::from(x))?, T::I32),
        Stmt::ConstFloat(x) => {
            let k = ConstKind::Float(u64::from(x.to_bits()));
            (e.ir().module().constant(s.f32t, k)?, T::F32)
        }
        Stmt::Id(op, c) => {
            s.dx_calls += 1;
            let c = u32::from(c);
            let v = match op {
                IdOp::ThreadId => e.thread_id(&i32o, c)?,
                IdOp::GroupId => e.group_id(&i32o, c)?,
                IdOp::ThreadIdInGroup => e.thread_id_in_group(&i32o, c)?,
                IdOp::Flattened => e.flattened_thread_id_in_group(&i32o)?,
            };
            (v, T::I32)
        }
        Stmt::Int(op, a, b) => {
            let (a, mut b) = (s.pick(T::I32, a), s.pick(T::I32, b));
            // Shifts by the width or more give poison, and division by zero is undefined
            // (the validator refuses a constant zero divisor: "No unsigned integer division
            // by zero"): mask the shift amount as HLSL does, and make divisors odd.
            if matches!(op, IntOp::Shl | IntOp::LShr | IntOp::AShr) {
                let m = s.int(e, 31)?;
                b = e.ir().and(b, m)?;
            }
            if matches!(op, IntOp::UDiv | IntOp::URem) {
                let one = s.int(e, 1)?;
                b = e.ir().or(b, one)?;
            }
            let fb = e.ir();
            let v = match op {
                IntOp::Add => fb.add(a, b)?,
                IntOp::Sub => fb.sub(a, b)?,
                IntOp::Mul => fb.mul(a, b)?,
                IntOp::And => fb.and(a, b)?,
                IntOp::Or => fb.or(a, b)?,
                IntOp::Xor => fb.xor(a, b)?,
                IntOp::Shl => fb.shl(a, b)?,
                IntOp::LShr => fb.lshr(a, b)?,
                IntOp::AShr => fb.ashr(a, b)?,
                IntOp::UDiv => fb.udiv(a, b)?,
                IntOp::URem => fb.urem(a, b)?,
            };
            (v, T::I32)
        }
        Stmt::Float(op, a, b) => {
            let (a, b) = (s.pick(T::F32, a), s.pick(T::F32, b));
            let fb = e.ir();
            let v = match op {
                FloatOp::Add => fb.fadd(a, b)?,
                FloatOp::Sub => fb.fsub(a, b)?,
                FloatOp::Mul => fb.fmul(a, b)?,
                FloatOp::Div => fb.fdiv(a, b)?,
            };
            (v, T::F32)
        }
        Stmt::Cast(c, a) => {
            let (op, from, to) = match c {
                Cast::SiToFp => (CastOp::SiToFp, T::I32, T::F32),
                Cast::UiToFp => (CastOp::UiToFp, T::I32, T::F32),
                Cast::FpToSi => (CastOp::FpToSi, T::F32, T::I32),
                Cast::FpToUi => (CastOp::FpToUi, T::F32, T::I32),
                Cast::IntBitsToFloat => (CastOp::BitCast, T::I32, T::F32),
                Cast::FloatBitsToInt => (CastOp::BitCast, T::F32, T::I32),
            };
            let a = s.pick(from, a);
            (e.ir().cast(op, a, s.ir(to))?, to)
        }
        Stmt::Select(t, c, a, b) => {
            let c = emit_cond(e, s, c)?;
            let (a, b) = (s.pick(t, a), s.pick(t, b));
            (e.ir().select(c, a, b)?, t)
        }
        Stmt::Unary(op, a) => {
            s.dx_calls += 1;
            let f = |s: &State| s.pick(T::F32, a);
            let i = |s: &State| s.pick(T::I32, a);
            match op {
                UnaryOp::Sqrt => (e.sqrt(&[], f(s))?, T::F32),
                UnaryOp::FAbs => (e.fabs(&[], f(s))?, T::F32),
                UnaryOp::Exp => (e.exp(&[], f(s))?, T::F32),
                UnaryOp::Log => (e.log(&[], f(s))?, T::F32),
                UnaryOp::Frc => (e.frc(&[], f(s))?, T::F32),
                UnaryOp::Saturate => (e.saturate(&[], f(s))?, T::F32),
                UnaryOp::RoundNe => (e.round_ne(&[], f(s))?, T::F32),
                UnaryOp::Bfrev => (e.bfrev(&[], i(s))?, T::I32),
                UnaryOp::Countbits => (e.countbits(&[], i(s))?, T::I32),
                UnaryOp::FirstbitLo => (e.firstbit_lo(&[], i(s))?, T::I32),
            }
        }
        Stmt::Binary(op, a, b) => {
            s.dx_calls += 1;
            let t = match op {
                BinaryOp::FMax | BinaryOp::FMin => T::F32,
                _ => T::I32,
            };
            let (a, b) = (s.pick(t, a), s.pick(t, b));
            let v = match op {
                BinaryOp::FMax => e.fmax(&[], a, b)?,
                BinaryOp::FMin => e.fmin(&[], a, b)?,
                BinaryOp::IMax => e.imax(&[], a, b)?,
                BinaryOp::IMin => e.imin(&[], a, b)?,
                BinaryOp::UMax => e.umax(&[], a, b)?,
                BinaryOp::UMin => e.umin(&[], a, b)?,
            };
            (v, t)
        }
        Stmt::Mad(t, [a, b, c]) => {
            s.dx_calls += 1;
            let (a, b, c) = (s.pick(t, a), s.pick(t, b), s.pick(t, c));
            let v = match t {
                T::F32 => e.fmad(&[], a, b, c)?,
                T::I32 => e.imad(&[], a, b, c)?,
            };
            (v, t)
        }
        Stmt::Load { srv, ty, index } => {
            s.dx_calls += 1;
            let (h, b) = s.srvs[srv % s.srvs.len()];
            let t = match b {
                Buf::Typed(t) => t,
                _ => ty,
            };
            let index = s.pick(T::I32, index);
            // Structured buffers address an element and a byte offset in it (stride 4:
            // offset 0); raw and typed buffers take no second coordinate.
            let offset = if b == Buf::Structured {
                Arg::Int(0)
            } else {
                Arg::Undef
            };
            // From 6.2 on, raw and structured buffers are read with rawBufferLoad.
            let r = if s.minor >= 2 && b != Buf::Typed(t) {
                e.raw_buffer_load(&scalar(t), h, index, offset, 1u8, 4)?
            } else {
                e.buffer_load(&scalar(t), h, index, offset)?
            };
            (e.ir().extract_value(r, &[0])?, t)
        }
        Stmt::Store {
            uav,
            ty,
            index,
            value,
        } => {
            s.dx_calls += 1;
            let (h, b) = s.uavs[uav % s.uavs.len()];
            let t = match b {
                Buf::Typed(t) => t,
                _ => ty,
            };
            let index = s.pick(T::I32, index);
            let v = s.pick(t, value);
            let u = Arg::Undef;
            let offset = if b == Buf::Structured { Arg::Int(0) } else { u };
            let o = scalar(t);
            match b {
                // Typed UAV stores write all four components (the validator's rule for
                // typed stores), as DXC writes them: the value repeated, mask 0xf.
                Buf::Typed(_) => e.buffer_store(&o, h, index, u, v, v, v, v, 0xfu8)?,
                _ if s.minor >= 2 => {
                    e.raw_buffer_store(&o, h, index, offset, v, u, u, u, 1u8, 4)?
                }
                _ => e.buffer_store(&o, h, index, offset, v, u, u, u, 1u8)?,
            };
            return Ok(());
        }
        Stmt::SharedLoad { index } => {
            let Some((gs, arr, t, len)) = s.shared.filter(|_| s.shared_ready) else {
                return Ok(());
            };
            let i = s.pick(T::I32, index);
            let mask = s.int(e, i64::from(len - 1))?;
            let zero = s.int(e, 0)?;
            let fb = e.ir();
            let i = fb.and(i, mask)?;
            let p = fb.gep(true, arr, gs, &[zero, i])?;
            (fb.load(p, 4, false, None)?, t)
        }
        Stmt::If {
            cond,
            ref then,
            ref els,
            merge: (t, a, b),
        } => {
            let c = emit_cond(e, s, cond)?;
            let fb = e.ir();
            let (tb, eb) = (fb.add_block(None)?, fb.add_block(None)?);
            fb.cond_br(c, tb, eb)?;
            let (tv, tend) = emit_arm(e, s, tb, then, t, a)?;
            let (ev, eend) = emit_arm(e, s, eb, els, t, b)?;
            let fb = e.ir();
            let merge = fb.add_block(None)?;
            for end in [tend, eend] {
                fb.position_at_end(end)?;
                fb.br(merge)?;
            }
            fb.position_at_end(merge)?;
            (fb.phi(s.ir(t), &[(tv, tend), (ev, eend)])?, t)
        }
        Stmt::Loop {
            trips,
            carried,
            init,
            ref body,
            next,
        } => {
            let init = s.pick(carried, init);
            let zero = s.int(e, 0)?;
            let one = s.int(e, 1)?;
            let n = s.int(e, i64::from(trips))?;
            let fb = e.ir();
            let pre = current(fb)?;
            let header = fb.add_block(None)?;
            fb.br(header)?;
            fb.position_at_end(header)?;
            let i = fb.phi(s.i32t, &[(zero, pre)])?;
            let acc = fb.phi(s.ir(carried), &[(init, pre)])?;
            let mark = s.pool.len();
            s.pool.push((i, T::I32));
            s.pool.push((acc, carried));
            emit_block(e, s, body)?;
            let next = s.pick(carried, next);
            s.pool.truncate(mark);
            let fb = e.ir();
            let i_next = fb.add(i, one)?;
            let again = fb.icmp(IntPredicate::Slt, i_next, n)?;
            let latch = current(fb)?;
            fb.add_incoming(i, i_next, latch)?;
            fb.add_incoming(acc, next, latch)?;
            let exit = fb.add_block(None)?;
            fb.cond_br(again, header, exit)?;
            fb.position_at_end(exit)?;
            // The latch is the exit's only predecessor, so its values dominate the exit.
            s.pool.push((i_next, T::I32));
            (next, carried)
        }
    };
    s.pool.push((v, t));
    Ok(())
}

fn current(fb: &mut dxil_ir::build::FunctionBuilder<'_>) -> BuildResult<Block> {
    Ok(fb
        .current_block()
        .expect("the emitter always has an insertion point"))
}

/// Emits one arm of a diamond from `start`: its statements in a scope of their own, then
/// the value of type `t` the merge phi takes from it. Returns the value and the block the
/// arm ends in (nested control flow moves it).
fn emit_arm(
    e: &mut EntryBuilder<'_>,
    s: &mut State,
    start: Block,
    body: &[Stmt],
    t: T,
    pick: usize,
) -> BuildResult<(Value, Block)> {
    e.ir().position_at_end(start)?;
    let mark = s.pool.len();
    emit_block(e, s, body)?;
    let v = s.pick(t, pick);
    s.pool.truncate(mark);
    Ok((v, current(e.ir())?))
}

fn resource(kind: Buf, uav: bool, n: usize) -> ResourceDesc {
    let name = format!("{}{n}", if uav { "Out" } else { "In" });
    let component = |t| match t {
        T::I32 => ComponentType::I32,
        T::F32 => ComponentType::F32,
    };
    let desc = match (kind, uav) {
        (Buf::Structured, false) => ResourceDesc::structured_buffer(&name, 4),
        (Buf::Structured, true) => ResourceDesc::rw_structured_buffer(&name, 4),
        (Buf::Raw, false) => ResourceDesc::byte_address_buffer(&name),
        (Buf::Raw, true) => ResourceDesc::rw_byte_address_buffer(&name),
        (Buf::Typed(t), false) => ResourceDesc::typed_buffer(&name, component(t), 1),
        (Buf::Typed(t), true) => ResourceDesc::rw_typed_buffer(&name, component(t), 1),
    };
    desc.at(0, n as u32)
}

/// Builds `p`; also returns the number of `dx.op` calls emitted besides handle creation.
fn build(p: &Program) -> BuildResult<(Vec<u8>, usize)> {
    let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, p.minor)?;
    let mut ids: Vec<(ResourceId, Buf, bool)> = Vec::new();
    for (n, &b) in p.srvs.iter().enumerate() {
        ids.push((sb.resource(resource(b, false, n))?, b, false));
    }
    for (n, &b) in p.uavs.iter().enumerate() {
        ids.push((sb.resource(resource(b, true, n))?, b, true));
    }
    let (x, y, z) = p.threads;
    sb.num_threads(1 << x, 1 << y, 1 << z);
    // One slot per thread of the group (a power of two), so a load masks its index into
    // range and reads a slot some thread wrote.
    let len = 1u32 << (x + y + z);
    let i32t = sb.module().int(32);
    let f32t = sb.module().float();
    let shared = match p.shared {
        Some(sh) => {
            let elem = if sh.ty == T::I32 { i32t } else { f32t };
            let arr = sb.module().ty(TypeData::Array {
                len: u64::from(len),
                elem,
            })?;
            Some((sb.group_shared("cache", arr)?, arr, sh.ty, len))
        }
        None => None,
    };
    let mut e = sb.entry("main")?;
    let mut s = State {
        minor: p.minor,
        i32t,
        f32t,
        pool: Vec::new(),
        srvs: Vec::new(),
        uavs: Vec::new(),
        shared,
        shared_ready: false,
        dx_calls: 0,
    };
    for &(id, b, uav) in &ids {
        let h = e.handle(id, 0, false)?;
        if uav {
            s.uavs.push((h, b));
        } else {
            s.srvs.push((h, b));
        }
    }
    let tid = e.thread_id(&scalar(T::I32), 0u32)?;
    s.dx_calls += 1;
    let k = e
        .ir()
        .module()
        .constant(f32t, ConstKind::Float(u64::from(1.5f32.to_bits())))?;
    s.pool.push((tid, T::I32));
    s.pool.push((k, T::F32));
    let at = p.shared.map_or(usize::MAX, |sh| sh.at % (p.body.len() + 1));
    for (n, st) in p.body.iter().enumerate() {
        if n == at {
            shared_phase(&mut e, &mut s, p)?;
        }
        emit_stmt(&mut e, &mut s, st)?;
    }
    if at == p.body.len() {
        shared_phase(&mut e, &mut s, p)?;
    }
    e.ret()?;
    e.finish()?;
    Ok((sb.finish()?, s.dx_calls))
}

/// Every thread stores a value at its flattened id in the group, then waits for the group
/// (barrier mode 9: SyncThreadGroup | GroupSharedMemory), in uniform control flow.
fn shared_phase(e: &mut EntryBuilder<'_>, s: &mut State, p: &Program) -> BuildResult<()> {
    let (Some((gs, arr, t, _)), Some(sh)) = (s.shared, p.shared) else {
        return Ok(());
    };
    let gi = e.flattened_thread_id_in_group(&scalar(T::I32))?;
    let v = s.pick(t, sh.value);
    let zero = s.int(e, 0)?;
    let fb = e.ir();
    let slot = fb.gep(true, arr, gs, &[zero, gi])?;
    fb.store(v, slot, 4, false, None)?;
    e.barrier(&[], 9)?;
    s.dx_calls += 2;
    s.shared_ready = true;
    Ok(())
}

/// Reads `bytes` back as `dxil dis` does (container, program header, bitcode, every part's
/// header section) and returns the text.
fn read_back(bytes: &[u8]) -> Result<String, String> {
    let c = Container::parse(bytes).map_err(|e| format!("container: {e}"))?;
    let part = c.dxil_part().map_err(|e| format!("DXIL part: {e}"))?;
    let program = ProgramPart::parse(part).map_err(|e| format!("program header: {e}"))?;
    let module = dxil_bitcode::read_module(program.bitcode).map_err(|e| format!("bitcode: {e}"))?;
    let mut text = String::new();
    dxil_text::print_dumpbin(Some(&c), &module, None, &mut text)
        .map_err(|e| format!("printing: {e}"))?;
    Ok(text)
}

#[test]
fn random_compute_shaders_build_read_back_and_validate() {
    // 64 cases run in about a second; PROPTEST_CASES asks for more.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64);
    let mut runner = TestRunner::new(Config {
        // Failures print the shrunk description; nothing is written beside the sources.
        failure_persistence: None,
        ..Config::with_cases(cases)
    });
    let generated = std::cell::Cell::new(0usize);
    let validated = std::cell::Cell::new(0usize);
    let ours = std::cell::Cell::new(0usize);
    let dxv_present = std::cell::Cell::new(true);
    let result = runner.run(&program(), |p| {
        generated.set(generated.get() + 1);
        let (bytes, dx_calls) =
            build(&p).map_err(|e| TestCaseError::fail(format!("builder: {e}")))?;
        let text = read_back(&bytes).map_err(TestCaseError::fail)?;
        prop_assert!(
            text.contains("define void @main()"),
            "the read-back text has no entry"
        );
        // Handles add createHandle (or createHandleFromBinding + annotateHandle) per
        // resource.
        let handles = (p.srvs.len() + p.uavs.len()) * if p.minor >= 6 { 2 } else { 1 };
        let calls = text
            .lines()
            .filter(|l| l.contains(" call ") && l.contains("@dx.op."))
            .count();
        prop_assert_eq!(calls, dx_calls + handles, "dx.op calls read back");
        let report = dxil_validate::validate_container(&bytes, &Default::default());
        prop_assert!(
            report.is_valid(),
            "our validator refused it:\n{}\n{}",
            report,
            text
        );
        ours.set(ours.get() + 1);
        if !dxv_present.get() {
            return Ok(());
        }
        match dxil_test_support::dxv_verdict(&bytes) {
            None => dxv_present.set(false),
            Some(Ok(())) => validated.set(validated.get() + 1),
            Some(Err(msg)) => {
                return Err(TestCaseError::fail(format!(
                    "the reference validator refused it:\n{msg}\n{text}"
                )))
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!(
        "random compute shaders: {} generated (including shrinking), {} accepted by dxv, {} by our validator",
        generated.get(),
        validated.get(),
        ours.get()
    );
    assert_eq!(ours.get(), generated.get());
    if dxv_present.get() {
        assert_eq!(validated.get(), generated.get());
    }
}

/// The recorded shader flags: the `i64` of the entry's flags property (tag 0).
fn recorded_flags(text: &str) -> u64 {
    text.lines()
        .find_map(|l| l.split_once("= !{i32 0, i64 ").map(|(_, rest)| rest))
        .and_then(|rest| rest.split(',').next())
        .map_or(0, |n| n.parse().expect("a flags number"))
}

/// ResMayNotAlias (bit 33) is recorded from shader model 6.7 on exactly when the code makes
/// a UAV handle, as the reference computes it; a typed UAV store shows it, since the
/// validator lets the raw-buffer flag stand in for it.
#[test]
fn uav_handles_record_res_may_not_alias_from_6_7() {
    for minor in [6, 7, 8] {
        for use_uav in [false, true] {
            let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, minor).unwrap();
            let out = sb
                .resource(ResourceDesc::rw_typed_buffer("Out", ComponentType::I32, 1))
                .unwrap();
            sb.num_threads(4, 1, 1);
            let mut e = sb.entry("main").unwrap();
            if use_uav {
                let h = e.handle(out, 0, false).unwrap();
                let tid = e.thread_id(&scalar(T::I32), 0u32).unwrap();
                e.buffer_store(
                    &scalar(T::I32),
                    h,
                    tid,
                    Arg::Undef,
                    tid,
                    tid,
                    tid,
                    tid,
                    0xfu8,
                )
                .unwrap();
            }
            e.ret().unwrap();
            e.finish().unwrap();
            let bytes = sb.finish().unwrap();
            let text = read_back(&bytes).unwrap();
            let want = minor >= 7 && use_uav;
            let what = format!("6.{minor}, UAV handle made: {use_uav}");
            assert_eq!(recorded_flags(&text) & (1 << 33) != 0, want, "{what}");
            let Some(verdict) = dxil_test_support::dxv_verdict(&bytes) else {
                return;
            };
            if let Err(msg) = verdict {
                panic!("{what}: the reference validator refused it:\n{msg}");
            }
        }
    }
}
