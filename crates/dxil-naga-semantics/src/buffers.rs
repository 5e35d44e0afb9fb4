//! The buffers an entry point uses, read from the naga module: where each is bound, whether
//! the shader may write it, and every scalar in it (offset and type), so both runs get the
//! same bytes and the comparison knows which bytes are floats and which are padding.

use naga::proc::Layouter;
use naga::{AddressSpace, ArraySize, Handle, Module, ResourceBinding, Scalar, ScalarKind, Type};

/// How the shader reaches a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// `var<uniform>`.
    Uniform,
    /// `var<storage, read>`.
    ReadOnly,
    /// `var<storage, read_write>`: compared after the dispatch.
    ReadWrite,
}

/// One scalar in a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// Byte offset in the buffer.
    pub offset: u32,
    /// Its type (atomics as their scalar).
    pub scalar: Scalar,
}

/// A buffer binding of an entry point, with its initial contents.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// Group and binding.
    pub binding: ResourceBinding,
    /// The global's name, for messages.
    pub name: String,
    /// How the shader reaches it.
    pub access: Access,
    /// Every scalar of the buffer, in offset order.
    pub leaves: Vec<Leaf>,
    /// The bytes both runs start from.
    pub data: Vec<u8>,
}

/// How input values are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Integers in `0..16` and floats in `[-8, 8)`: naga's test shaders use buffer values as
    /// indices and loop bounds, and out-of-bounds accesses and long loops are not what is
    /// being compared (WGSL leaves out-of-bounds results to the implementation).
    Small,
    /// Integers over their whole range, floats in `[-8, 8)`: for shaders written to exercise
    /// integer semantics on any value.
    Wide,
}

/// The buffers entry point `ep` uses, in binding order, filled by `fill` from `seed`; a
/// runtime-sized array gets `runtime_len` elements. `Err` says why the entry point cannot
/// be run with buffers alone (a texture, a sampler, immediates, a binding array).
pub fn entry_buffers(
    module: &Module,
    info: &naga::valid::ModuleInfo,
    ep: usize,
    runtime_len: u32,
    fill: Fill,
    seed: u64,
) -> Result<Vec<Buffer>, String> {
    let mut layouter = Layouter::default();
    layouter
        .update(module.to_ctx())
        .map_err(|e| format!("layout: {e}"))?;
    let uses = info.get_entry_point(ep);
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for (h, gv) in module.global_variables.iter() {
        if uses[h].is_empty() {
            continue;
        }
        let name = gv
            .name
            .clone()
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "an unnamed global".into());
        let access = match gv.space {
            AddressSpace::Uniform => Access::Uniform,
            AddressSpace::Storage { access } if access.contains(naga::StorageAccess::STORE) => {
                Access::ReadWrite
            }
            AddressSpace::Storage { .. } => Access::ReadOnly,
            AddressSpace::Handle => return Err(format!("uses a texture or sampler ({name})")),
            AddressSpace::Immediate => return Err(format!("uses immediates ({name})")),
            _ => continue,
        };
        let Some(binding) = gv.binding else {
            return Err(format!("{name} has no binding"));
        };
        if let naga::TypeInner::BindingArray { .. } = module.types[gv.ty].inner {
            return Err(format!("uses a binding array ({name})"));
        }
        let mut leaves = Vec::new();
        walk(module, gv.ty, 0, runtime_len, &mut leaves)?;
        let span = span(module, &layouter, gv.ty, runtime_len);
        // Uniform buffers are read in 16-byte rows; copies move multiples of 4 bytes. A
        // storage buffer is not padded further: `arrayLength` reads its size.
        let size = match access {
            Access::Uniform => span.div_ceil(16) * 16,
            _ => span.div_ceil(4) * 4,
        }
        .max(16);
        let mut data = vec![0u8; size as usize];
        for leaf in &leaves {
            let at = leaf.offset as usize;
            let bytes = rng.value(leaf.scalar, fill);
            data[at..at + bytes.len()].copy_from_slice(&bytes);
        }
        out.push(Buffer {
            binding,
            name,
            access,
            leaves,
            data,
        });
    }
    out.sort_by_key(|b| (b.binding.group, b.binding.binding));
    Ok(out)
}

/// Bytes of `ty` with runtime-sized arrays at `runtime_len` elements.
fn span(module: &Module, layouter: &Layouter, ty: Handle<Type>, runtime_len: u32) -> u32 {
    match module.types[ty].inner {
        naga::TypeInner::Array {
            size: ArraySize::Dynamic,
            stride,
            ..
        } => stride * runtime_len,
        naga::TypeInner::Struct { ref members, .. } => match members.last() {
            Some(last)
                if matches!(
                    module.types[last.ty].inner,
                    naga::TypeInner::Array {
                        size: ArraySize::Dynamic,
                        ..
                    }
                ) =>
            {
                let end = last.offset + span(module, layouter, last.ty, runtime_len);
                layouter[ty].alignment.round_up(end)
            }
            _ => layouter[ty].size,
        },
        _ => layouter[ty].size,
    }
}

/// Appends the scalars of `ty` placed at `base`.
fn walk(
    module: &Module,
    ty: Handle<Type>,
    base: u32,
    runtime_len: u32,
    out: &mut Vec<Leaf>,
) -> Result<(), String> {
    use naga::TypeInner as T;
    match module.types[ty].inner {
        T::Scalar(scalar) | T::Atomic(scalar) => out.push(Leaf {
            offset: base,
            scalar,
        }),
        T::Vector { size, scalar } => {
            for i in 0..size as u32 {
                out.push(Leaf {
                    offset: base + i * u32::from(scalar.width),
                    scalar,
                });
            }
        }
        T::Matrix {
            columns,
            rows,
            scalar,
        } => {
            // Columns are vectors of `rows`, each aligned as one (a vec3 column takes 4).
            let column = naga::proc::Alignment::from(rows) * u32::from(scalar.width);
            for c in 0..columns as u32 {
                for r in 0..rows as u32 {
                    out.push(Leaf {
                        offset: base + c * column + r * u32::from(scalar.width),
                        scalar,
                    });
                }
            }
        }
        T::Array {
            base: elem,
            size,
            stride,
        } => {
            let count = match size {
                ArraySize::Constant(n) => n.get(),
                ArraySize::Dynamic => runtime_len,
                ArraySize::Pending(_) => return Err("an array sized by an override".into()),
            };
            for i in 0..count {
                walk(module, elem, base + i * stride, runtime_len, out)?;
            }
        }
        T::Struct { ref members, .. } => {
            for m in members {
                walk(module, m.ty, base + m.offset, runtime_len, out)?;
            }
        }
        ref other => return Err(format!("a buffer holding {other:?}")),
    }
    Ok(())
}

/// SplitMix64 (Steele, Lea and Flood): the same seed gives the same buffers on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float in `[-8, 8)` with 24 random bits: finite, far from overflow, and not
    /// subnormal unless it is zero (WGSL lets an implementation flush subnormals).
    fn moderate(&mut self) -> f64 {
        (self.next() >> 40) as f64 / f64::from(1u32 << 24) * 16.0 - 8.0
    }

    /// Little-endian bytes of a value of `scalar`.
    fn value(&mut self, scalar: Scalar, fill: Fill) -> Vec<u8> {
        let r = self.next();
        let int = match fill {
            Fill::Small => r % 16,
            Fill::Wide => r,
        };
        match (scalar.kind, scalar.width) {
            (ScalarKind::Float, 2) => dxil_ir::f32_to_half(self.moderate() as f32)
                .to_le_bytes()
                .to_vec(),
            (ScalarKind::Float, 4) => (self.moderate() as f32).to_le_bytes().to_vec(),
            (ScalarKind::Float, 8) => self.moderate().to_le_bytes().to_vec(),
            (ScalarKind::Bool, _) => ((r & 1) as u32).to_le_bytes().to_vec(),
            (_, 8) => int.to_le_bytes().to_vec(),
            (_, 2) => (int as u16).to_le_bytes().to_vec(),
            _ => (int as u32).to_le_bytes().to_vec(),
        }
    }
}
