//! The lowering state: one LLVM function per entry point, naga functions inlined into it
//! (DXIL shaders outside libraries are one function, DXIL.rst "Shader entry points"), each
//! naga expression held as its scalar leaves ([`crate::leaf`]) or as a place in memory
//! ([`Ptr`]).

use dxil_builder::EntryBuilder;
use dxil_ir::build::{FunctionBuilder, ModuleBuilder, Value};
use dxil_ir::{Block, ConstKind, Type};
use naga::{Handle, Scalar, ScalarKind, TypeInner};

use crate::error::{Error, Result};
use crate::leaf::{self, GROUPS};
use crate::options::Options;

/// Leaf `i` of `v`, a single leaf standing for every position (naga's scalar-with-vector
/// forms); an error when `v` is shorter.
pub fn leaf(v: &[Value], i: usize) -> Result<Value> {
    match v {
        [one] => Ok(*one),
        _ => v.get(i).copied().ok_or_else(|| {
            Error::new(
                crate::error::ErrorKind::Invalid,
                "Expression",
                format!("operand of {} leaves where leaf {i} is needed", v.len()),
            )
        }),
    }
}

/// A byte or element offset: a constant part and an optional dynamic `i32` part.
#[derive(Clone, Copy, Debug, Default)]
pub struct Off {
    /// The constant part.
    pub c: u32,
    /// The dynamic part.
    pub d: Option<Value>,
}

/// An index into a composite: known, or computed.
#[derive(Clone, Copy, Debug)]
pub enum Idx {
    /// A constant index.
    Const(u32),
    /// A dynamic `i32` index.
    Dyn(Value),
}

/// A place in memory.
#[derive(Clone, Debug)]
pub enum Ptr {
    /// In a variable of [`MemVar`] `var`: one element offset per group.
    Mem {
        /// The variable.
        var: usize,
        /// The offset into each group's array.
        offs: [Off; GROUPS],
    },
    /// In a buffer: a byte offset into a raw buffer or a constant buffer.
    Buf {
        /// The resource handle.
        handle: Value,
        /// The byte offset.
        off: Off,
        /// A constant buffer (else a raw buffer).
        uniform: bool,
    },
    /// Into a global naga's analysis found unused by the entry point: a pointer an
    /// expression computes but nothing reads or writes.
    Unused,
}

/// A lowered naga expression.
#[derive(Clone, Debug)]
pub enum Val {
    /// A value: its scalar leaves.
    S(Vec<Value>),
    /// A pointer.
    P(Ptr),
    /// A resource handle (texture, sampler).
    H(Value),
    /// A binding array not yet indexed: its resource range, and for buffers whether they
    /// are constant buffers.
    R(dxil_builder::ResourceId, Option<bool>),
    /// A `ray_query` variable: the handle `AllocateRayQuery` gave.
    Q(Value),
    /// A binding array of samplers not yet indexed: element `i` is heap `heap` at the
    /// index that element `base + i` of the group's index buffer (handle `table`) holds.
    Samplers {
        /// The heap's resource range.
        heap: dxil_builder::ResourceId,
        /// The handle of the bind group's sampler index buffer.
        table: Value,
        /// The array's first element in the index buffer.
        base: u32,
    },
    /// An external texture: its planes' and parameters' handles.
    X(crate::external::Ext),
}

/// A variable in memory: one array per group (`alloca` or group-shared global).
#[derive(Clone, Debug, Default)]
pub struct MemVar {
    /// Each group's array pointer and array type.
    pub arrays: [Option<(Value, Type)>; GROUPS],
}

/// How a naga global is reached.
#[derive(Clone, Debug)]
pub enum GlobalSlot {
    /// Not used by the entry point.
    Unused,
    /// A variable in memory (private or workgroup).
    Mem(usize),
    /// A buffer bound as resource `res`, its handle made at the start.
    Buf {
        /// The resource.
        res: dxil_builder::ResourceId,
        /// A constant buffer.
        uniform: bool,
        /// A dynamic offset: the constant buffer holding it and its byte offset there.
        dynamic: Option<(dxil_builder::ResourceId, u32)>,
    },
    /// A texture or sampler bound as resource `res`.
    Res(dxil_builder::ResourceId),
    /// A binding array bound as resource range `res`: of textures (`None`) or of buffers
    /// (`Some(uniform)`).
    Array(dxil_builder::ResourceId, Option<bool>),
    /// A sampler, or a binding array of them (`array`), read from heap `heap` at the
    /// indices the group's index buffer `table` holds from element `base` on.
    Sampler {
        /// The heap's resource range.
        heap: dxil_builder::ResourceId,
        /// The bind group's sampler index buffer.
        table: dxil_builder::ResourceId,
        /// The binding's first element in the index buffer.
        base: u32,
        /// A binding array.
        array: bool,
    },
    /// An external texture: three plane textures and a parameters constant buffer.
    External {
        /// The planes (planes bound at one register share one resource).
        planes: [dxil_builder::ResourceId; 3],
        /// The parameters.
        params: dxil_builder::ResourceId,
    },
}

/// A break or continue target of the enclosing constructs (made on first use).
pub enum Ctl {
    /// A loop.
    Loop {
        /// After the loop.
        brk: Option<Block>,
        /// The continuing block.
        cont: Option<Block>,
    },
    /// A switch.
    Switch {
        /// After the switch.
        brk: Option<Block>,
    },
}

/// Returns of an inlined function: the leaves and the block each came from.
#[derive(Default)]
pub struct Ret {
    /// The return block (made on first use).
    pub block: Option<Block>,
    /// (leaves, predecessor) per return.
    pub incoming: Vec<(Vec<Value>, Block)>,
}

/// One naga function being inlined.
pub struct Frame<'m> {
    /// The function.
    pub fun: &'m naga::Function,
    /// naga's analysis of it.
    pub finfo: &'m naga::valid::FunctionInfo,
    /// Lowered expressions by handle index.
    pub vals: Vec<Option<Val>>,
    /// The arguments.
    pub args: Vec<Val>,
    /// The memory variable of each local.
    pub locals: Vec<usize>,
    /// The ray query of each `ray_query` local (which has no memory variable).
    pub queries: Vec<Option<Value>>,
    /// Enclosing loops and switches.
    pub ctl: Vec<Ctl>,
    /// Returns (`None` for the entry point itself).
    pub ret: Option<Ret>,
    /// The current block has its terminator.
    pub terminated: bool,
}

/// The state of lowering one entry point.
pub struct Lowerer<'a, 'm> {
    /// The function being built.
    pub e: EntryBuilder<'a>,
    /// The naga module.
    pub module: &'m naga::Module,
    /// naga's analysis.
    pub info: &'m naga::valid::ModuleInfo,
    /// The options.
    pub options: &'m Options,
    /// Every memory variable.
    pub mem: Vec<MemVar>,
    /// How each global is reached.
    pub globals: Vec<GlobalSlot>,
    /// Resource handles by global index (made at the start).
    pub handles: Vec<Option<Value>>,
    /// Dynamic byte offsets of storage buffers by global index (read at the start).
    pub bases: Vec<Option<Value>>,
    /// External textures' handles by global index (made at the start).
    pub externals: Vec<Option<crate::external::Ext>>,
    /// The block holding the allocas (first).
    pub alloca_block: Block,
    /// The current frame.
    pub frame: Frame<'m>,
    /// The entry point.
    pub ep: &'m naga::EntryPoint,
    /// The handle of naga's special constants, when the entry reads them.
    pub special: Option<Value>,
    /// naga's analysis of the entry point (the globals it uses).
    pub entry_info: &'m naga::valid::FunctionInfo,
    /// The entry's outputs: (signature id, rows, leaves) per output leaf group.
    pub outputs: Vec<crate::io::OutputSlot>,
    /// Mesh shaders: the vertex and primitive outputs written from the output variable
    /// when the entry returns.
    pub mesh: Option<crate::mesh::MeshPlan>,
    /// Task and mesh shaders: the task payload.
    pub payload: Option<crate::mesh::Payload>,
    /// The `i32` constants 0 to [`SMALL_I32S`] - 1 made so far: offsets and indices ask
    /// for the same few again and again, and the module's constant table would hash and
    /// compare each request to find the one it made first.
    pub small_i32s: Vec<Option<Value>>,
    /// Other scalar constants made so far, by type and value (an integer, or a float's bit
    /// pattern, told apart by the flag), for the same reason.
    pub consts: dxil_ir::FastMap<(Type, bool, u64), Value>,
    /// Register types of scalars and integer types by width, once asked for (each request
    /// of the module's type table hashes and compares the type).
    pub scalar_tys: [Option<Type>; 16],
}

/// How many small `i32` constants [`Lowerer::i32c`] keeps.
pub const SMALL_I32S: usize = 256;

impl<'a, 'm> Lowerer<'a, 'm> {
    /// The IR function builder.
    pub fn fb(&mut self) -> &mut FunctionBuilder<'a> {
        self.e.ir()
    }

    /// The IR module builder.
    pub fn mb(&mut self) -> &mut ModuleBuilder {
        self.e.ir().module()
    }

    /// The naga module's types, constants and overrides (for array lengths set by an
    /// override).
    pub fn gctx(&self) -> naga::proc::GlobalCtx<'m> {
        self.module.to_ctx()
    }

    /// The type of expression `h` of the current function.
    pub fn ty_of(&self, h: Handle<naga::Expression>) -> &'m TypeInner {
        let fi: &'m naga::valid::FunctionInfo = self.frame.finfo;
        fi[h].ty.inner_with(&self.module.types)
    }

    /// An `i32` constant.
    pub fn i32c(&mut self, v: i64) -> Result<Value> {
        let slot = usize::try_from(v).ok().filter(|&i| i < SMALL_I32S);
        if let Some(c) = slot.and_then(|i| self.small_i32s.get(i).copied().flatten()) {
            return Ok(c);
        }
        let t = self.int_ty(32);
        let c = self.cint(t, v)?;
        if let Some(i) = slot {
            if self.small_i32s.len() <= i {
                self.small_i32s.resize(i + 1, None);
            }
            self.small_i32s[i] = Some(c);
        }
        Ok(c)
    }

    /// The integer constant `v` of type `t`.
    pub fn cint(&mut self, t: Type, v: i64) -> Result<Value> {
        if let Some(&c) = self.consts.get(&(t, false, v as u64)) {
            return Ok(c);
        }
        let c = self.mb().const_int(t, v)?;
        self.consts.insert((t, false, v as u64), c);
        Ok(c)
    }

    /// The float constant of bit pattern `bits` of type `t`.
    pub fn cfloat(&mut self, t: Type, bits: u64) -> Result<Value> {
        if let Some(&c) = self.consts.get(&(t, true, bits)) {
            return Ok(c);
        }
        let c = self.mb().constant(t, ConstKind::Float(bits))?;
        self.consts.insert((t, true, bits), c);
        Ok(c)
    }

    /// The register type of scalar `s` ([`leaf::reg_ty`]).
    pub fn reg_ty(&mut self, s: Scalar) -> Result<Type> {
        let slot = match (s.kind, s.width) {
            (ScalarKind::Bool, _) => Some(0),
            (ScalarKind::Float, 2) => Some(1),
            (ScalarKind::Float, 4) => Some(2),
            (ScalarKind::Float, 8) => Some(3),
            (ScalarKind::Sint | ScalarKind::Uint, 2) => Some(4),
            (ScalarKind::Sint | ScalarKind::Uint, 4) => Some(5),
            (ScalarKind::Sint | ScalarKind::Uint, 8) => Some(6),
            _ => None,
        };
        if let Some(t) = slot.and_then(|i| self.scalar_tys[i]) {
            return Ok(t);
        }
        let t = leaf::reg_ty(self.mb(), s)?;
        if let Some(i) = slot {
            self.scalar_tys[i] = Some(t);
        }
        Ok(t)
    }

    /// `iN` ([`ModuleBuilder::int`]).
    pub fn int_ty(&mut self, bits: u32) -> Type {
        let slot = match bits {
            1 => Some(8),
            8 => Some(9),
            16 => Some(10),
            32 => Some(11),
            64 => Some(12),
            _ => None,
        };
        if let Some(t) = slot.and_then(|i| self.scalar_tys[i]) {
            return t;
        }
        let t = self.mb().int(bits);
        if let Some(i) = slot {
            self.scalar_tys[i] = Some(t);
        }
        t
    }

    /// A constant of scalar `s` with value `v` (integers truncated to the type).
    pub fn scalar_const(&mut self, s: Scalar, v: f64) -> Result<Value> {
        let t = self.reg_ty(s)?;
        match (s.kind, s.width) {
            (ScalarKind::Float, 2) => self.cfloat(t, u64::from(dxil_ir::half_bits(v))),
            (ScalarKind::Float, 4) => self.cfloat(t, u64::from((v as f32).to_bits())),
            (ScalarKind::Float, _) => self.cfloat(t, v.to_bits()),
            (ScalarKind::Uint, 8) => self.cint(t, v as u64 as i64),
            _ => self.cint(t, v as i64),
        }
    }

    /// The zero of scalar `s`.
    pub fn zero(&mut self, s: Scalar) -> Result<Value> {
        self.scalar_const(s, 0.0)
    }

    /// The leaves of a naga literal.
    pub fn literal(&mut self, l: naga::Literal) -> Result<Value> {
        use naga::Literal as L;
        let s = l.scalar();
        let t = self.reg_ty(s)?;
        match l {
            L::F64(v) => self.cfloat(t, v.to_bits()),
            L::F32(v) => self.cfloat(t, u64::from(v.to_bits())),
            L::F16(v) => self.cfloat(t, u64::from(v.to_bits())),
            L::U32(v) => self.cint(t, i64::from(v)),
            L::U16(v) => self.cint(t, i64::from(v)),
            L::I16(v) => self.cint(t, i64::from(v)),
            L::I32(v) => self.cint(t, i64::from(v)),
            L::U64(v) => self.cint(t, v as i64),
            L::I64(v) => self.cint(t, v),
            L::Bool(v) => self.cint(t, i64::from(v)),
            L::AbstractInt(_) | L::AbstractFloat(_) => Err(Error::unsupported(
                "Literal",
                "an abstract literal left after naga's concretisation",
            )),
        }
    }

    /// The leaves of global (constant) expression `h`.
    pub fn global_expr(&mut self, h: Handle<naga::Expression>) -> Result<Vec<Value>> {
        use naga::Expression as E;
        let module = self.module;
        Ok(match module.global_expressions[h] {
            E::Literal(l) => vec![self.literal(l)?],
            E::Constant(c) => self.global_expr(module.constants[c].init)?,
            E::ZeroValue(ty) => self.zeros(&module.types[ty].inner)?,
            E::Compose { ref components, .. } => {
                let mut out = Vec::new();
                for &c in components {
                    out.extend(self.global_expr(c)?);
                }
                out
            }
            E::Splat { size, value } => {
                let v = self.global_expr(value)?;
                v.iter()
                    .copied()
                    .cycle()
                    .take(size as usize * v.len())
                    .collect()
            }
            E::Override(_) => {
                return Err(Error::unsupported(
                    "Expression::Override",
                    "pipeline-overridable constants (process the overrides first)",
                ))
            }
            ref other => {
                return Err(Error::unsupported(
                    format!(
                        "global expression Expression::{}",
                        crate::error::variant_name(other)
                    ),
                    "a constant expression kind naga should have evaluated",
                ))
            }
        })
    }

    /// The zero leaves of a type.
    pub fn zeros(&mut self, ty: &TypeInner) -> Result<Vec<Value>> {
        let leaves = leaf::leaves_of(self.gctx(), ty)?;
        leaves.into_iter().map(|s| self.zero(s)).collect()
    }

    /// Makes a memory variable of type `ty` with `alloca`s in the first block.
    pub fn new_local(&mut self, ty: &TypeInner) -> Result<usize> {
        let counts = leaf::counts(self.gctx(), ty)?;
        let here = self.fb().current_block();
        let ab = self.alloca_block;
        self.fb().position_at_end(ab)?;
        let mut var = MemVar::default();
        for (g, &n) in counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let elem = leaf::group_ty(self.mb(), g)?;
            let arr = self.mb().ty(dxil_ir::TypeData::Array {
                len: u64::from(n),
                elem,
            })?;
            let align = [2, 4, 8, 2, 4, 8][g];
            let p = self.fb().alloca(arr, None, align, false)?;
            var.arrays[g] = Some((p, arr));
        }
        if let Some(b) = here {
            self.fb().position_at_end(b)?;
        }
        self.mem.push(var);
        Ok(self.mem.len() - 1)
    }

    /// The scalar leaves of a lowered expression.
    pub fn scalars(&mut self, h: Handle<naga::Expression>) -> Result<Vec<Value>> {
        match self.expr(h)? {
            Val::S(v) => Ok(v),
            _ => Err(Error::new(
                crate::error::ErrorKind::Invalid,
                "Expression",
                "a pointer or handle where a value was expected",
            )),
        }
    }

    /// The single scalar of a lowered expression.
    pub fn scalar(&mut self, h: Handle<naga::Expression>) -> Result<Value> {
        let v = self.scalars(h)?;
        v.first().copied().ok_or_else(|| {
            Error::new(
                crate::error::ErrorKind::Invalid,
                "Expression",
                "an empty value",
            )
        })
    }

    /// The scalar kind and width of expression `h`'s leaves (its first leaf).
    pub fn scalar_of(&self, h: Handle<naga::Expression>) -> Result<Scalar> {
        self.ty_of(h).scalar().ok_or_else(|| {
            Error::new(
                crate::error::ErrorKind::Invalid,
                "Expression",
                "not a scalar, vector or matrix",
            )
        })
    }

    /// Materialises an offset as an `i32` value.
    pub fn off_value(&mut self, off: Off) -> Result<Value> {
        let c = self.i32c(i64::from(off.c))?;
        match off.d {
            None => Ok(c),
            Some(d) if off.c == 0 => Ok(d),
            Some(d) => Ok(self.fb().add(d, c)?),
        }
    }

    /// `off + idx * scale`.
    pub fn off_add(&mut self, off: Off, idx: Idx, scale: u32) -> Result<Off> {
        match idx {
            Idx::Const(i) => Ok(Off {
                c: off.c.wrapping_add(i.wrapping_mul(scale)),
                d: off.d,
            }),
            Idx::Dyn(v) => {
                let scaled = if scale == 1 {
                    v
                } else {
                    let s = self.i32c(i64::from(scale))?;
                    self.fb().mul(v, s)?
                };
                let d = match off.d {
                    Some(d) => self.fb().add(d, scaled)?,
                    None => scaled,
                };
                Ok(Off {
                    c: off.c,
                    d: Some(d),
                })
            }
        }
    }

    /// `i32` index of expression `h` (64-bit indices truncated), clamped below `len` when
    /// the options restrict indexing.
    pub fn index(&mut self, h: Handle<naga::Expression>, len: Option<u32>) -> Result<Idx> {
        let v = self.scalar(h)?;
        let s = self.scalar_of(h)?;
        let i32t = self.int_ty(32);
        let mut v = if s.width == 8 {
            self.fb().cast(dxil_ir::CastOp::Trunc, v, i32t)?
        } else {
            v
        };
        if let (true, Some(n)) = (self.options.restrict_indexing, len) {
            let last = self.i32c(i64::from(n.saturating_sub(1)))?;
            v = self.e.umin(&[], v, last)?;
        }
        Ok(Idx::Dyn(v))
    }
}
