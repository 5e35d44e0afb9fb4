//! A metadata tree read out of the IR and written back into it (LangRef "Metadata").
//!
//! [`Md`] is the shape the DXIL records have: nodes of operands that are `null`, strings,
//! integer constants, integer arrays, other values (functions, `undef` symbols) or nested
//! nodes. Reading expands the graph from a root (shared nodes are expanded at each use, within
//! a budget); writing interns through `dxil_ir::build`: a node, string or value wrapper equal
//! to an existing module-level one is reused, so writing an unchanged tree changes nothing.

use std::collections::HashMap;

use dxil_ir::build::{BuildError, ModuleBuilder, Value};
use dxil_ir::{Const, ConstKind, MdRef, Metadata, MetadataData, Module, Type, TypeData, ValueRef};

use crate::error::{Error, ErrorKind, Result};

/// Most nested nodes the reader follows.
const MAX_DEPTH: usize = 64;
/// Most nodes the reader expands from one root.
const MAX_NODES: usize = 1 << 18;

/// One metadata operand.
#[derive(Clone, Debug)]
pub enum Md {
    /// `null`.
    Null,
    /// `!"..."`.
    String(Box<[u8]>),
    /// An integer constant `iN v` (N <= 64), `value` zero-extended from N bits.
    Int {
        /// Bit width.
        bits: u32,
        /// The value's low `bits` bits.
        value: u64,
    },
    /// A `float` constant: its IEEE bit pattern.
    Float(u32),
    /// A constant array of integers (`[N x i32] [...]` or `zeroinitializer`).
    IntArray {
        /// Element bit width.
        bits: u32,
        /// Elements, zero-extended.
        values: Vec<u64>,
    },
    /// Any other value (function, global, `undef` of a type, constant expression).
    Value {
        /// The value's type.
        ty: Type,
        /// The value.
        value: ValueRef,
    },
    /// A tuple `!{...}`; `id` is where it was read from (not compared).
    Node {
        /// The node's metadata id when read from the IR.
        id: Option<u32>,
        /// Operands.
        ops: Vec<Md>,
    },
    /// Any other metadata (debug info nodes), by reference.
    Ref(Metadata),
}

impl PartialEq for Md {
    fn eq(&self, other: &Md) -> bool {
        match (self, other) {
            (Md::Null, Md::Null) => true,
            (Md::String(a), Md::String(b)) => a == b,
            (Md::Int { bits: a, value: x }, Md::Int { bits: b, value: y }) => a == b && x == y,
            (Md::Float(a), Md::Float(b)) => a == b,
            (Md::IntArray { bits: a, values: x }, Md::IntArray { bits: b, values: y }) => {
                a == b && x == y
            }
            (Md::Value { ty: a, value: x }, Md::Value { ty: b, value: y }) => a == b && x == y,
            (Md::Node { ops: a, .. }, Md::Node { ops: b, .. }) => a == b,
            (Md::Ref(a), Md::Ref(b)) => a == b,
            _ => false,
        }
    }
}

impl Md {
    /// A node without an id.
    pub fn node(ops: Vec<Md>) -> Md {
        Md::Node { id: None, ops }
    }
    /// `i32 v`.
    pub fn i32(v: u32) -> Md {
        Md::Int {
            bits: 32,
            value: u64::from(v),
        }
    }
    /// `i8 v`.
    pub fn i8(v: u8) -> Md {
        Md::Int {
            bits: 8,
            value: u64::from(v),
        }
    }
    /// `i1 v`.
    pub fn i1(v: bool) -> Md {
        Md::Int {
            bits: 1,
            value: u64::from(v),
        }
    }
    /// `i64 v`.
    pub fn i64(v: u64) -> Md {
        Md::Int { bits: 64, value: v }
    }
    /// `!"s"`.
    pub fn string(s: &str) -> Md {
        Md::String(s.as_bytes().into())
    }
}

fn mask(bits: u32, v: i64) -> u64 {
    if bits >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << bits) - 1)
    }
}

fn int_bits(module: &Module, ty: Type) -> Option<u32> {
    match module.ty(ty)? {
        TypeData::Int(b) if *b <= 64 => Some(*b),
        _ => None,
    }
}

/// The integer value of constant `c` of type `ty`, if it is a plain integer.
fn const_int(module: &Module, ty: Type, c: Const) -> Option<(u32, u64)> {
    let bits = int_bits(module, ty)?;
    match &module.constant(c)?.kind {
        ConstKind::Int(v) => Some((bits, mask(bits, *v))),
        ConstKind::Null => Some((bits, 0)),
        _ => None,
    }
}

/// The bit pattern of a `float` constant.
fn const_float(module: &Module, ty: Type, c: Const) -> Option<u32> {
    if module.ty(ty)? != &TypeData::Float {
        return None;
    }
    match &module.constant(c)?.kind {
        ConstKind::Float(v) => u32::try_from(*v).ok(),
        ConstKind::Null => Some(0),
        _ => None,
    }
}

/// The elements of an integer array constant.
fn const_int_array(module: &Module, ty: Type, c: Const) -> Option<(u32, Vec<u64>)> {
    let TypeData::Array { len, elem } = module.ty(ty)? else {
        return None;
    };
    let bits = int_bits(module, *elem)?;
    let data = module.constant(c)?;
    match &data.kind {
        ConstKind::Null => {
            let n = usize::try_from(*len).ok().filter(|&n| n <= MAX_NODES)?;
            Some((bits, vec![0; n]))
        }
        ConstKind::Data(d) => Some((
            bits,
            module
                .list(*d)
                .iter()
                .map(|&v| mask(bits, v as i64))
                .collect(),
        )),
        ConstKind::String(b) if bits == 8 => Some((
            bits,
            module.bytes(*b).iter().map(|&v| u64::from(v)).collect(),
        )),
        ConstKind::CString(b) if bits == 8 => Some((
            bits,
            module
                .bytes(*b)
                .iter()
                .map(|&v| u64::from(v))
                .chain(std::iter::once(0))
                .collect(),
        )),
        ConstKind::Aggregate(ops) => {
            let mut out = Vec::with_capacity(ops.len());
            for op in module.list(*ops) {
                let ValueRef::Const(e) = op else { return None };
                out.push(const_int(module, *elem, *e)?.1);
            }
            Some((bits, out))
        }
        _ => None,
    }
}

/// Reads metadata trees out of a module.
pub struct Reader<'m> {
    module: &'m Module,
    budget: usize,
}

impl<'m> Reader<'m> {
    /// A reader over `module`.
    pub fn new(module: &'m Module) -> Self {
        Reader {
            module,
            budget: MAX_NODES,
        }
    }

    /// The operands of named metadata `name`, expanded; `None` when absent.
    pub fn named(&mut self, name: &str) -> Result<Option<Vec<Md>>> {
        let Some(nm) = self.module.find_named_metadata(name) else {
            return Ok(None);
        };
        let mut out = Vec::with_capacity(nm.operands.len());
        for &op in self.module.list(nm.operands) {
            out.push(self.read(Some(op), 0)?);
        }
        Ok(Some(out))
    }

    /// Expands one reference.
    pub fn read(&mut self, md: MdRef, depth: usize) -> Result<Md> {
        let Some(md) = md else { return Ok(Md::Null) };
        if depth > MAX_DEPTH || self.budget == 0 {
            return Err(Error::new(
                ErrorKind::TooComplex,
                Some(md.as_u32()),
                "metadata",
                None,
            ));
        }
        self.budget -= 1;
        let Some(data) = self.module.md(md) else {
            return Err(Error::new(
                ErrorKind::Expected("a defined node"),
                Some(md.as_u32()),
                "metadata",
                None,
            ));
        };
        Ok(match data {
            MetadataData::String(s) => Md::String(self.module.bytes(*s).into()),
            MetadataData::Value { ty, value } => match *value {
                ValueRef::Const(c) => {
                    if let Some((bits, value)) = const_int(self.module, *ty, c) {
                        Md::Int { bits, value }
                    } else if let Some(bits) = const_float(self.module, *ty, c) {
                        Md::Float(bits)
                    } else if let Some((bits, values)) = const_int_array(self.module, *ty, c) {
                        Md::IntArray { bits, values }
                    } else {
                        Md::Value {
                            ty: *ty,
                            value: ValueRef::Const(c),
                        }
                    }
                }
                v => Md::Value { ty: *ty, value: v },
            },
            MetadataData::Node { operands, .. } => {
                let mut ops = Vec::with_capacity(operands.len());
                for &op in self.module.list(*operands) {
                    ops.push(self.read(op, depth + 1)?);
                }
                Md::Node {
                    id: Some(md.as_u32()),
                    ops,
                }
            }
            _ => Md::Ref(md),
        })
    }
}

/// Writes metadata trees through a [`ModuleBuilder`] (one adopted from the module by
/// [`ModuleBuilder::from_module`]), which interns: an equal node, string or value wrapper is
/// reused. A constant is reused in any form the reader reads as the same [`Md`] (`i32 0` is
/// an integer or `null`; an integer array is data, `zeroinitializer` or a string); a new one
/// takes the integer, float or data form.
pub struct Writer<'b> {
    b: &'b mut ModuleBuilder,
    /// The wrapper each integer (bits, value) was written as. The same integer always
    /// resolves to the same wrapper while the builder only grows (the constant reused is the
    /// earliest of its forms, and a later one has a larger id), and the metadata records
    /// repeat a few small integers many times.
    ints: dxil_ir::FastMap<(u32, u64), MdRef>,
    /// Operand references of the nodes being written, innermost last: one buffer for the
    /// whole tree rather than a list per node.
    refs: Vec<MdRef>,
}

fn build_err(e: BuildError) -> Error {
    Error::new(ErrorKind::Build(e.to_string()), None, "metadata", None)
}

impl<'b> Writer<'b> {
    /// A writer through `b`.
    pub fn new(b: &'b mut ModuleBuilder) -> Self {
        Writer {
            b,
            ints: HashMap::default(),
            refs: Vec::new(),
        }
    }

    /// The first existing constant of type `ty` among the forms `found`, else a new `make`.
    fn constant(&mut self, ty: Type, found: &[ConstKind], make: ConstKind) -> Result<Value> {
        let existing = found
            .iter()
            .filter_map(|k| self.b.find_constant(ty, k))
            .min_by_key(|v| match v.value_ref() {
                ValueRef::Const(c) => c.as_u32(),
                _ => u32::MAX,
            });
        // The forms made only for the lookup give back their lists (last made, first given
        // back), so that writing an unchanged model leaves the module as it was.
        let made = existing.is_none();
        for k in found.iter().rev().filter(|k| !made || **k != make) {
            self.b.release_const_lists(k);
        }
        match existing {
            Some(v) => Ok(v),
            None => self.b.constant(ty, make).map_err(build_err),
        }
    }

    /// Writes `md`, returning the reference to use as an operand.
    pub fn write(&mut self, md: &Md) -> Result<MdRef> {
        let value = match md {
            Md::Null => return Ok(None),
            Md::Ref(m) => return Ok(Some(*m)),
            Md::String(s) => return Ok(Some(self.b.md_string(s))),
            Md::Int { bits, value } => {
                if let Some(&r) = self.ints.get(&(*bits, *value)) {
                    return Ok(r);
                }
                let r = self.write_int(*bits, *value)?;
                self.ints.insert((*bits, *value), r);
                return Ok(r);
            }
            Md::Float(bits) => {
                let ty = self.b.float();
                let float = ConstKind::Float(u64::from(*bits));
                if *bits == 0 {
                    self.constant(ty, &[float.clone(), ConstKind::Null], float)?
                } else {
                    self.constant(ty, std::slice::from_ref(&float), float.clone())?
                }
            }
            Md::IntArray { bits, values } => {
                let elem = self.b.ty(TypeData::Int(*bits)).map_err(build_err)?;
                let ty = self
                    .b
                    .ty(TypeData::Array {
                        len: values.len() as u64,
                        elem,
                    })
                    .map_err(build_err)?;
                let data = ConstKind::Data(self.b.push_list(values));
                let mut forms = vec![data.clone()];
                if values.iter().all(|&v| v == 0) {
                    forms.push(ConstKind::Null);
                }
                if *bits == 8 && values.iter().all(|&v| v <= 0xff) {
                    let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                    if let Some((0, head)) = bytes.split_last() {
                        forms.push(ConstKind::CString(self.b.push_list(head)));
                    }
                    forms.push(ConstKind::String(self.b.push_list(&bytes)));
                }
                self.constant(ty, &forms, data)?
            }
            Md::Value { ty, value } => {
                let v = self.b.value_of(*value).map_err(build_err)?;
                if v.ty() != Some(*ty) {
                    return Err(Error::new(
                        ErrorKind::Expected("a value of the wrapper's type"),
                        None,
                        "metadata value",
                        None,
                    ));
                }
                v
            }
            Md::Node { ops, .. } => {
                let start = self.refs.len();
                let node = self.write_node(ops, start);
                self.refs.truncate(start);
                return node;
            }
        };
        Ok(Some(self.b.md_value(value).map_err(build_err)?))
    }

    /// The node of `ops`, whose references go on the buffer from `start`.
    fn write_node(&mut self, ops: &[Md], start: usize) -> Result<MdRef> {
        for op in ops {
            let r = self.write(op)?;
            self.refs.push(r);
        }
        let refs = self.refs.get(start..).unwrap_or(&[]);
        Ok(Some(self.b.md_node(refs).map_err(build_err)?))
    }

    /// The wrapper of integer `value` of `bits` bits.
    fn write_int(&mut self, bits: u32, value: u64) -> Result<MdRef> {
        let ty = self.b.ty(TypeData::Int(bits)).map_err(build_err)?;
        let signed = if bits >= 64 || bits == 0 {
            value as i64
        } else {
            let shift = 64 - bits;
            ((value << shift) as i64) >> shift
        };
        let int = ConstKind::Int(signed);
        let c = if value == 0 {
            self.constant(ty, &[int.clone(), ConstKind::Null], int)?
        } else {
            self.constant(ty, std::slice::from_ref(&int), int.clone())?
        };
        Ok(Some(self.b.md_value(c).map_err(build_err)?))
    }

    /// Sets the operands of named metadata `name` (created at the end when absent); every
    /// operand must be a node.
    pub fn set_named(&mut self, name: &str, ops: &[Md]) -> Result<()> {
        let mut refs = Vec::with_capacity(ops.len());
        for op in ops {
            match self.write(op)? {
                Some(m) => refs.push(m),
                None => {
                    return Err(Error::new(
                        ErrorKind::Expected("a node"),
                        None,
                        "named metadata operand",
                        None,
                    ))
                }
            }
        }
        self.b.set_named_metadata(name, &refs).map_err(build_err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::{ConstData, NamedMetadata};

    /// `!named = !{!2}`, `!0 = !"s"`, `!1 = i32 7`, `!2 = !{!0, !1, null}`.
    fn module() -> Module {
        let mut m = Module::default();
        let i32t = m.types.push(TypeData::Int(32));
        m.types.push(TypeData::Metadata);
        let seven = m.constants.push(ConstData {
            ty: i32t,
            kind: ConstKind::Int(7),
        });
        m.module_constants.push(seven);
        let s = m.pools.push(&b"s"[..]);
        let s = m.metadata.push(MetadataData::String(s));
        let v = m.metadata.push(MetadataData::Value {
            ty: i32t,
            value: ValueRef::Const(seven),
        });
        let operands = m.pools.push(&[Some(s), Some(v), None]);
        let node = m.metadata.push(MetadataData::Node {
            distinct: false,
            operands,
        });
        m.module_metadata_count = 3;
        let name = m.intern("named");
        let operands = m.pools.push(&[node]);
        m.named_metadata.push(NamedMetadata { name, operands });
        m
    }

    #[test]
    fn reads_and_rewrites_without_change() {
        let m = module();
        let tree = Reader::new(&m).named("named").unwrap().unwrap();
        assert_eq!(
            tree,
            vec![Md::node(vec![Md::string("s"), Md::i32(7), Md::Null])]
        );
        let mut b = ModuleBuilder::from_module(m.clone()).unwrap();
        Writer::new(&mut b).set_named("named", &tree).unwrap();
        assert_eq!(b.finish().unwrap(), m);
    }

    #[test]
    fn new_values_add_entries_and_read_back() {
        let m = module();
        let tree = vec![Md::node(vec![Md::string("t"), Md::i32(7), Md::i32(9)])];
        let mut b = ModuleBuilder::from_module(m).unwrap();
        Writer::new(&mut b).set_named("named", &tree).unwrap();
        let m = b.finish().unwrap();
        assert_eq!(Reader::new(&m).named("named").unwrap().unwrap(), tree);
        // "t", i32 9's wrapper, the node: three new entries; one new constant.
        assert_eq!(m.module_metadata_count, 6);
        assert_eq!(m.constants.len(), 2);
    }

    #[test]
    fn cycles_are_an_error() {
        let mut m = module();
        let node = m.metadata.id_of(2).unwrap();
        let operands = m.pools.push(&[Some(node)]);
        m.metadata[node] = MetadataData::Node {
            distinct: false,
            operands,
        };
        let e = Reader::new(&m).named("named").unwrap_err();
        assert_eq!(e.kind, ErrorKind::TooComplex);
    }
}
