//! Two shaders held against each other on the same inputs: differential testing for
//! compilers. Both must be compute shaders with the same thread group size and the same
//! declared resources (class, space, registers, kind); every declared resource is filled
//! with the same pseudo-random data in both (a function of the seed and the register, so
//! declaration order does not matter), both run the same dispatch on the executor, and every
//! UAV is compared afterwards, element by element, with its counter.
//!
//! Values compared: typed UAVs element by element at their component width; raw and
//! structured UAVs as 32-bit words. Two floats agree when their bits are equal, when both
//! are NaN, or when they are at most [`Options::ulp`] units in the last place apart (typed
//! float elements, and with `ulp > 0` the words of raw and structured UAVs read as `f32`).
//!
//! ```
//! # fn main() -> Result<(), dxil::Error> {
//! # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
//! let a = dxil::assemble(&text)?;
//! let outcome = dxil::equiv::compare(&a, &a, &dxil::equiv::Options::default())?;
//! assert!(matches!(outcome, dxil::equiv::Outcome::Agree { .. }));
//! # Ok(()) }
//! ```

use std::fmt;

use dxil_exec::{
    Bindings, DeclaredResource, Dims, Dispatch, ElementFormat, Program, Resource, ResourceClass,
    ResourceKind, SamplerDesc,
};
use dxil_module::DxilMetadata;

use crate::{Error, ErrorKind, Result};

/// How the two shaders are run (`seeds` at least 1: with none, nothing is compared).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Runs, each with its own inputs.
    pub seeds: u32,
    /// Units in the last place two float values may differ by.
    pub ulp: u32,
    /// Thread groups of each dispatch.
    pub groups: [u32; 3],
    /// Instructions each dispatch may execute ([`Dispatch::budget`]).
    pub budget: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seeds: 4,
            ulp: 0,
            groups: [2, 2, 1],
            budget: Dispatch::default().budget,
        }
    }
}

/// What the comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every UAV agreed after every run.
    Agree {
        /// Runs made.
        seeds: u32,
        /// UAV bytes compared, over all runs.
        bytes: u64,
    },
    /// The first difference.
    Differ(Difference),
}

/// Where two runs first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The run (its inputs' seed).
    pub seed: u32,
    /// The UAV's register space.
    pub space: u32,
    /// The UAV's register.
    pub register: u32,
    /// What differs.
    pub what: Differs,
}

/// What differs in a UAV.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Differs {
    /// A value at a byte offset: its width in bytes, both values' bits, and whether they
    /// were compared as floats.
    Value {
        /// Byte offset in the UAV.
        offset: usize,
        /// Bytes of the value (2, 4 or 8).
        width: usize,
        /// The first shader's bits.
        first: u64,
        /// The second shader's bits.
        second: u64,
        /// Compared as floating-point numbers.
        float: bool,
    },
    /// The UAV's hidden counter.
    Counter {
        /// The first shader's.
        first: Option<u32>,
        /// The second shader's.
        second: Option<u32>,
    },
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {}: u{}", self.seed, self.register)?;
        if self.space != 0 {
            write!(f, " (space {})", self.space)?;
        }
        match &self.what {
            Differs::Value {
                offset,
                width,
                first,
                second,
                float,
            } => {
                let digits = width * 2;
                write!(
                    f,
                    " differs at byte {offset:#x}: {first:#0w$x} against {second:#0w$x}",
                    w = digits + 2
                )?;
                if *float {
                    write!(
                        f,
                        " ({} against {})",
                        float_text(*first, *width),
                        float_text(*second, *width)
                    )?;
                } else {
                    write!(f, " ({first} against {second})")?;
                }
                Ok(())
            }
            Differs::Counter { first, second } => {
                write!(f, " counter differs: {first:?} against {second:?}")
            }
        }
    }
}

fn float_text(bits: u64, width: usize) -> String {
    match width {
        2 => format!("{}", f16_to_f32(bits as u16)),
        4 => format!("{}", f32::from_bits(bits as u32)),
        _ => format!("{}", f64::from_bits(bits)),
    }
}

fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f32::from(h & 0x3ff);
    match exp {
        0 => sign * frac * 2f32.powi(-24),
        31 if frac == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        e => sign * (1.0 + frac / 1024.0) * 2f32.powi(e - 15),
    }
}

/// Registers of each range that get memory (ranges declared larger than this get their
/// first registers only).
const PER_RANGE: u32 = 8;
/// Bytes of each buffer.
const BUFFER_BYTES: usize = 4096;
/// Most bytes a constant buffer binds (D3D12: 4096 16-byte rows).
const MAX_CBUFFER_BYTES: usize = 65536;
/// Texels of each side of a texture.
const TEXTURE_SIDE: u32 = 16;

/// One shader ready to run.
struct Side {
    module: dxil_ir::CheckedModule,
    meta: DxilMetadata,
    program: Program,
}

fn prepare(bytes: &[u8], which: &str) -> Result<Side> {
    let in_which = |e: Error| {
        let mut e2 = Error::new(e.kind(), format!("{which}: {}", e.message()));
        if let Some(l) = e.location() {
            e2 = e2.at(l);
        }
        e2
    };
    let module = crate::read_module(bytes).map_err(in_which)?;
    let meta = DxilMetadata::read(&module)
        .map_err(|e| Error::new(ErrorKind::Metadata, format!("{which}: {e}")))?;
    let kind = meta.shader_kind();
    if kind != Some(dxil_container::ShaderKind::Compute) {
        let named = kind.map_or("module without a shader model".to_string(), |k| {
            format!("{k:?} shader")
        });
        return Err(Error::new(
            ErrorKind::Execute,
            format!("{which} is a {named}: equiv runs compute shaders"),
        ));
    }
    let program = Program::compile(&module, None)
        .map_err(|e| Error::new(ErrorKind::Execute, format!("{which}: {e}")))?;
    Ok(Side {
        module,
        meta,
        program,
    })
}

/// A declared resource as the comparison sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Declared {
    class: ResourceClass,
    space: u32,
    lower: u32,
    size: u32,
    kind: Option<ResourceKind>,
    /// A typed view's component type.
    element: Option<dxil_exec::ComponentType>,
    /// A structured buffer's stride.
    stride: Option<u32>,
}

/// The declared resources, in a fixed order.
fn interface(meta: &DxilMetadata) -> Vec<Declared> {
    let mut rows: Vec<_> = DeclaredResource::all(meta)
        .map(|d| {
            let b = &d.record.base;
            Declared {
                class: d.class,
                space: b.space,
                lower: b.lower_bound,
                size: b.range_size,
                kind: d.kind,
                element: d.record.element_type(),
                stride: d.record.element_stride(),
            }
        })
        .collect();
    rows.sort_by_key(|r| (r.class as u32, r.space, r.lower, r.size));
    rows
}

fn describe(row: &Declared) -> String {
    let Declared {
        class,
        space,
        lower,
        size,
        kind,
        element,
        stride,
    } = row;
    let mut kind = kind.map_or("resource", |k| k.name()).to_string();
    if let Some(e) = element {
        kind = format!("{kind} of {}", e.type_name());
    }
    if let Some(s) = stride {
        kind = format!("{kind} (stride {s})");
    }
    let range = if *size == 1 {
        String::new()
    } else if *size == u32::MAX {
        " (unbounded)".to_string()
    } else {
        format!(" ({size} registers)")
    };
    format!(
        "{kind} {}{lower}{range} in space {space}",
        class.register_letter()
    )
}

/// SplitMix64 (Steele, Lea and Flood): the inputs are a function of the seed alone.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A float both compilers' code computes with alike: a multiple of 1/8 in [-64, 64).
    fn float(&mut self) -> f64 {
        (self.next() % 1024) as f64 / 8.0 - 64.0
    }

    /// A small integer, good as an index.
    fn small(&mut self) -> u64 {
        self.next() % 64
    }
}

/// The inputs of one resource: the same for both shaders for the same seed and register.
fn fill(
    d: &DeclaredResource<'_>,
    register: u32,
    seed: u32,
    module: &dxil_ir::Module,
) -> Option<Resource> {
    let mut rng = Random(
        u64::from(seed) << 40
            ^ (d.class as u64) << 36
            ^ u64::from(d.space()) << 32
            ^ u64::from(register),
    );
    let view = d.view?;
    let format = d.element_format(module);
    let words = |rng: &mut Random, n: usize| -> Vec<u8> {
        let mut data = Vec::with_capacity(n * 4);
        for _ in 0..n {
            // Half the words floats, half small integers: both kinds of code get inputs they
            // compute with.
            let w = if rng.next() & 1 == 0 {
                (rng.float() as f32).to_bits()
            } else {
                rng.small() as u32
            };
            data.extend_from_slice(&w.to_le_bytes());
        }
        data
    };
    let typed = |rng: &mut Random, f: ElementFormat, elements: usize| -> Vec<u8> {
        use dxil_exec::ComponentFormat as C;
        let mut data = Vec::new();
        for _ in 0..elements * usize::from(f.channels) {
            match f.component {
                C::Float32 => data.extend_from_slice(&(rng.float() as f32).to_bits().to_le_bytes()),
                C::Float64 => data.extend_from_slice(&rng.float().to_bits().to_le_bytes()),
                C::Float16 => data.extend_from_slice(&f32_to_f16(rng.float() as f32).to_le_bytes()),
                c => {
                    let v = rng.small();
                    data.extend_from_slice(&v.to_le_bytes()[..c.size() as usize]);
                }
            }
        }
        data
    };
    let mut r = match view {
        ResourceKind::Sampler => {
            let mut r = d.resource(Vec::new())?;
            r.sampler = Some(SamplerDesc::default());
            r
        }
        ResourceKind::CBuffer => {
            // The size the metadata states, at most what Direct3D binds (4096 rows of 16
            // bytes): the input does not choose how much is allocated.
            let size = (d.record.shape_or_size as usize).min(MAX_CBUFFER_BYTES);
            d.resource(words(&mut rng, size.div_ceil(4)))?
        }
        ResourceKind::TypedBuffer => {
            let f = format?;
            let mut r = d.resource(typed(&mut rng, f, BUFFER_BYTES / f.size() as usize))?;
            r.format = Some(f);
            r
        }
        ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
            d.resource(words(&mut rng, BUFFER_BYTES / 4))?
        }
        _ => {
            // Textures: one slice and mip of 16 by 16 texels.
            let f = format?;
            let texels = (TEXTURE_SIDE * TEXTURE_SIDE) as usize;
            let mut r = d.resource(typed(&mut rng, f, texels))?;
            r.format = Some(f);
            r.dims = Dims::plane(TEXTURE_SIDE, TEXTURE_SIDE);
            r
        }
    };
    if r.counter.is_some() {
        r.counter = Some(0);
    }
    Some(r)
}

/// IEEE half of `v` (round to nearest even; the inputs are small multiples of 1/8, exact).
fn f32_to_f16(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mant = bits & 0x7f_ffff;
    if v == 0.0 {
        return sign;
    }
    if exp <= 0 {
        return sign;
    }
    if exp >= 31 {
        return sign | 0x7c00;
    }
    sign | ((exp as u16) << 10) | ((mant >> 13) as u16)
}

/// Runs `first` and `second` on the same inputs and compares what they write.
pub fn compare(first: &[u8], second: &[u8], opts: &Options) -> Result<Outcome> {
    compare_named(
        ("the first shader", first),
        ("the second shader", second),
        opts,
    )
}

/// [`compare`], naming each shader in errors as given (file names).
pub fn compare_named(
    (first_name, first): (&str, &[u8]),
    (second_name, second): (&str, &[u8]),
    opts: &Options,
) -> Result<Outcome> {
    let a = prepare(first, first_name)?;
    let b = prepare(second, second_name)?;
    let (ia, ib) = (interface(&a.meta), interface(&b.meta));
    if let Some(row) = ia.iter().find(|r| !ib.contains(r)) {
        return Err(Error::new(
            ErrorKind::Execute,
            format!(
                "the interfaces differ: {} is declared by {first_name} only",
                describe(row)
            ),
        ));
    }
    if let Some(row) = ib.iter().find(|r| !ia.contains(r)) {
        return Err(Error::new(
            ErrorKind::Execute,
            format!(
                "the interfaces differ: {} is declared by {second_name} only",
                describe(row)
            ),
        ));
    }
    // With no UAV there is nothing to compare: saying the two agree would say nothing.
    if !ia.iter().any(|r| r.class == ResourceClass::UAV) {
        return Err(Error::new(
            ErrorKind::Execute,
            format!(
                "{first_name} and {second_name} declare no UAV: nothing they write can be compared"
            ),
        ));
    }
    let (ta, tb) = (a.program.num_threads(), b.program.num_threads());
    if ta != tb {
        return Err(Error::new(
            ErrorKind::Execute,
            format!("the thread groups differ: {first_name} has numthreads {ta:?}, {second_name} {tb:?}"),
        ));
    }
    let dispatch = Dispatch {
        groups: opts.groups,
        budget: opts.budget,
        ..Dispatch::default()
    };
    let mut bytes = 0u64;
    for seed in 0..opts.seeds.max(1) {
        let run = |side: &Side, which: &str| -> Result<Bindings> {
            let mut bindings = Bindings::from_module(&side.meta, PER_RANGE, |d, reg| {
                fill(d, reg, seed, &side.module)
            });
            side.program
                .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
                .map_err(|e| {
                    Error::new(ErrorKind::Execute, format!("{which}, seed {seed}: {e}"))
                })?;
            Ok(bindings)
        };
        let (ra, rb) = (run(&a, first_name)?, run(&b, second_name)?);
        for ua in ra.bindings.iter().filter(|x| x.class == ResourceClass::UAV) {
            let Some(ub) = rb.bindings.iter().find(|x| {
                x.class == ResourceClass::UAV && x.space == ua.space && x.register == ua.register
            }) else {
                continue;
            };
            let differ = |what| Difference {
                seed,
                space: ua.space,
                register: ua.register,
                what,
            };
            if let Some(what) = compare_values(&ua.resource, &ub.resource, opts.ulp) {
                return Ok(Outcome::Differ(differ(what)));
            }
            if ua.resource.counter != ub.resource.counter {
                return Ok(Outcome::Differ(differ(Differs::Counter {
                    first: ua.resource.counter,
                    second: ub.resource.counter,
                })));
            }
            bytes += ua.resource.data.len() as u64;
        }
    }
    Ok(Outcome::Agree {
        seeds: opts.seeds.max(1),
        bytes,
    })
}

/// The first value that differs between two UAVs of the same declaration.
fn compare_values(a: &Resource, b: &Resource, ulp: u32) -> Option<Differs> {
    use dxil_exec::ComponentFormat as C;
    let (width, float) = match (a.view, a.format) {
        (ResourceKind::RawBuffer | ResourceKind::StructuredBuffer, _) => (4, ulp > 0),
        (_, Some(f)) => (
            f.component.size() as usize,
            matches!(f.component, C::Float16 | C::Float32 | C::Float64),
        ),
        _ => (4, false),
    };
    let n = a.data.len().min(b.data.len());
    for offset in (0..n - n % width).step_by(width) {
        let read = |d: &[u8]| {
            let mut w = [0u8; 8];
            w[..width].copy_from_slice(&d[offset..offset + width]);
            u64::from_le_bytes(w)
        };
        let (x, y) = (read(&a.data), read(&b.data));
        if x == y || (float && floats_agree(x, y, width, ulp)) {
            continue;
        }
        return Some(Differs::Value {
            offset,
            width,
            first: x,
            second: y,
            float,
        });
    }
    None
}

/// Two floats of `width` bytes agree: both NaN, or at most `ulp` representable values apart.
fn floats_agree(x: u64, y: u64, width: usize, ulp: u32) -> bool {
    let bits = width as u32 * 8;
    let sign = 1u64 << (bits - 1);
    let exp_mask = match width {
        2 => 0x7c00u64,
        4 => 0x7f80_0000,
        _ => 0x7ff0_0000_0000_0000,
    };
    let mant_mask = (sign - 1) & !exp_mask;
    let nan = |v: u64| v & exp_mask == exp_mask && v & mant_mask != 0;
    if nan(x) && nan(y) {
        return true;
    }
    if nan(x) || nan(y) {
        return false;
    }
    // Map to a monotonic integer line: negative values below positive ones, -0 == +0.
    let line = |v: u64| -> i128 {
        if v & sign != 0 {
            -i128::from(v & !sign)
        } else {
            i128::from(v)
        }
    };
    (line(x) - line(y)).unsigned_abs() <= u128::from(ulp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_distance() {
        let one = 1.0f32.to_bits() as u64;
        let next = (1.0f32.to_bits() + 1) as u64;
        assert!(!floats_agree(one, next, 4, 0));
        assert!(floats_agree(one, next, 4, 1));
        assert!(floats_agree(0x8000_0000, 0, 4, 0), "-0 and +0");
        assert!(floats_agree(0x7fc0_0000, 0x7fc0_0001, 4, 0), "NaNs");
        assert!(!floats_agree(0x7fc0_0000, one, 4, 1000));
        assert!(floats_agree(0x3c00, 0x3c01, 2, 1));
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f32_to_f16(-2.5), 0xc100);
    }
}
