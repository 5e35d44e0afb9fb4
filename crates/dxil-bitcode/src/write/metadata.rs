//! METADATA_BLOCK (LLVM 3.7 `WriteModuleMetadata`, `WriteModuleMetadataStore`,
//! `WriteFunctionLocalMetadata`) and METADATA_ATTACHMENT (`WriteMetadataAttachment`).

use std::sync::OnceLock;

use dxil_bitstream::AbbrevOp;
use dxil_bitstream::AbbrevOp::{Array, Fixed, Literal, Vbr};
use dxil_ir::{
    Body, DILocation, DiPayload, FixedMetadataKind, FunctionData, GenericDINode, MdRange, MdRef,
    Metadata, MetadataData as M, MetadataKind, Module, Pools, WordRange,
};

use super::abbrevs::{by_width, define_shared, ByWidth};
use super::enumerate::sorted_attachments;
use super::numbering::Numbering;
use super::pack::{emit_bytes, ByteRecord, Elem};
use super::Out;
use crate::codes::*;
use crate::error::{ErrorKind, Result};
use dxil_bitstream::Words;

/// LLVM's `rotateSign` for DI records.
fn rotate(i: i64) -> u64 {
    let u = i as u64;
    if i < 0 {
        !(u << 1)
    } else {
        u << 1
    }
}

/// The metadata block's abbreviations (one set: `ByWidth` slot 0): string, location,
/// generic DI node, name.
static MD_ABBREVS: ByWidth<4> = [const { OnceLock::new() }; 65];

fn md_abbrevs(_: u8) -> [Vec<AbbrevOp>; 4] {
    let lit = |c: u32| Literal(u64::from(c));
    [
        vec![lit(METADATA_STRING), Array, Fixed(8)],
        vec![
            lit(DILocation::CODE),
            Fixed(1),
            Vbr(6),
            Vbr(8),
            Vbr(6),
            Vbr(6),
        ],
        vec![
            lit(GenericDINode::CODE),
            Fixed(1),
            Vbr(6),
            Fixed(1),
            Vbr(6),
            Array,
            Vbr(6),
        ],
        vec![lit(METADATA_NAME), Array, Fixed(8)],
    ]
}

/// The string and name abbreviations' layout: literal code, an array of bytes.
const MD_BYTES: ByteRecord = ByteRecord {
    width: 3,
    code_bits: 0,
    head: false,
    elem: Elem::Fixed8,
};

/// The module metadata block: abbreviations for the record kinds present, every module
/// metadata in id order, then the named metadata.
pub fn write_module_metadata(
    out: &mut Out,
    m: &Module,
    order: &[Metadata],
    nb: &Numbering,
) -> Result<()> {
    if order.is_empty() && m.named_metadata.is_empty() {
        return Ok(());
    }
    let mut mds = Vec::with_capacity(order.len());
    for &md in order {
        let d = &m.metadata[md];
        mds.push(d);
    }
    let prev = out.enter(METADATA_BLOCK_ID, 3)?;
    let (mut has_string, mut has_location, mut has_generic) = (false, false, false);
    for d in &mds {
        match d {
            M::String(_) => has_string = true,
            M::Location(_) => has_location = true,
            M::GenericDebug(_) => has_generic = true,
            _ => {}
        }
    }
    let [string_a, location_a, generic_a, name_a] = by_width(&MD_ABBREVS, 0, md_abbrevs);
    let mut string = 0;
    if has_string {
        string = define_shared(out, string_a)?;
    }
    let mut location = 0;
    if has_location {
        location = define_shared(out, location_a)?;
    }
    let mut generic = 0;
    if has_generic {
        generic = define_shared(out, generic_a)?;
    }
    let mut name = 0;
    if !m.named_metadata.is_empty() {
        name = define_shared(out, name_a)?;
    }
    for d in mds {
        match d {
            M::String(s) => {
                let bytes = m.bytes(*s);
                if let (true, &[]) = (bytes.len() < 1024, &out.rec[..]) {
                    // The abbreviation id (3 bits) and the length (one or two VBR6 chunks):
                    // one field ahead of the bytes, without the layout checks of
                    // `emit_bytes` (its fixed 8-bit elements take any byte).
                    let len = bytes.len() as u64;
                    let (l, n) = if len < 32 {
                        (len, 6)
                    } else {
                        (len + (len & 0x3e0) + 32, 12)
                    };
                    let w = MD_BYTES.width;
                    out.w
                        .emit_masked_and_bytes(u64::from(string) | l << w, w + n, bytes);
                } else {
                    emit_bytes(out, METADATA_STRING, string, MD_BYTES, bytes)?;
                }
                continue;
            }
            // The most common record after strings: its ids go straight to the writer.
            M::Node { distinct, operands } => {
                let code = if *distinct {
                    METADATA_DISTINCT_NODE
                } else {
                    METADATA_NODE
                };
                out.w
                    .write_unabbrev_map(code, m.list(*operands), |x| nb.md_or_null(x))
                    .map_err(|e| out.bs(e))?
                    .map_err(|k| out.err(k))?;
                continue;
            }
            // Nearly as common (every constant a node refers to): two operands, written
            // without going through the record buffer.
            M::Value { ty, value } => {
                let ops = nb
                    .ty(*ty)
                    .and_then(|t| Ok([t, u64::from(nb.value(*value)?)]))
                    .map_err(|k| out.err(k))?;
                out.emit_ops(METADATA_VALUE, &ops)?;
                continue;
            }
            _ => {}
        }
        let (code, abbrev) = md_record(out, &m.pools, nb, d)?;
        let abbrev = match code {
            METADATA_STRING => string,
            DILocation::CODE => location,
            GenericDINode::CODE => generic,
            _ => abbrev,
        };
        out.emit(code, abbrev)?;
    }
    for nm in &m.named_metadata {
        emit_bytes(
            out,
            METADATA_NAME,
            name,
            MD_BYTES,
            m.name_str(nm.name).as_bytes(),
        )?;
        out.w
            .write_unabbrev_map(METADATA_NAMED_NODE, m.list(nm.operands), |op| {
                nb.md(op).map(u64::from)
            })
            .map_err(|e| out.bs(e))?
            .map_err(|k| out.err(k))?;
    }
    out.exit(prev)
}

/// The metadata kind table (its own METADATA_BLOCK), by kind id.
pub fn write_kinds(out: &mut Out, m: &Module) -> Result<()> {
    if m.metadata_kinds.is_empty() {
        return Ok(());
    }
    let prev = out.enter(METADATA_BLOCK_ID, 3)?;
    let mut sorted = None;
    let kinds: &[MetadataKind] = if m.metadata_kinds.windows(2).all(|w| w[0].id <= w[1].id) {
        &m.metadata_kinds
    } else {
        let mut v = m.metadata_kinds.clone();
        v.sort_by_key(|k| k.id);
        sorted.insert(v)
    };
    // LLVM's fixed kinds open nearly every table: their records are the same bits in every
    // module (unabbreviated, at the block's start), encoded once.
    let fixed = fixed_kind_records();
    let rest = match (kinds.get(..fixed.kinds.len()), &fixed.words) {
        (Some(head), Some(words)) if head.iter().eq(fixed.kinds.iter()) => {
            out.w.emit_encoded(words);
            &kinds[fixed.kinds.len()..]
        }
        _ => kinds,
    };
    for k in rest {
        out.rec.push(u64::from(k.id));
        out.emit_bytes(METADATA_KIND, 0, k.name.as_bytes())?;
    }
    out.exit(prev)
}

/// The METADATA_KIND records of LLVM's fixed kinds, encoded (abbreviation id width 3) as
/// they start a kind block.
struct FixedKindRecords {
    kinds: Vec<MetadataKind>,
    words: Option<Words>,
}

fn fixed_kind_records() -> &'static FixedKindRecords {
    static FIXED: OnceLock<FixedKindRecords> = OnceLock::new();
    FIXED.get_or_init(|| {
        let kinds: Vec<MetadataKind> = FixedMetadataKind::ALL
            .iter()
            .map(|k| MetadataKind {
                id: k.code() as u32,
                name: k.keyword().into(),
            })
            .collect();
        let words = Words::encode(METADATA_BLOCK_ID, 3, |w| {
            kinds.iter().try_for_each(|k| {
                w.write_unabbrev_bytes(METADATA_KIND, &[u64::from(k.id)], k.name.as_bytes())
            })
        })
        .ok();
        FixedKindRecords { kinds, words }
    })
}

/// The function-local metadata block (value wrappers of arguments and instructions).
pub fn write_local_metadata(
    out: &mut Out,
    m: &Module,
    order: &[Metadata],
    nb: &Numbering,
) -> Result<()> {
    if order.is_empty() {
        return Ok(());
    }
    let prev = out.enter(METADATA_BLOCK_ID, 3)?;
    for &md in order {
        let d = &m.metadata[md];
        let (code, _) = md_record(out, &m.pools, nb, d)?;
        out.emit(code, 0)?;
    }
    out.exit(prev)
}

/// The METADATA_ATTACHMENT block of a body: the function's attachments, then one record per
/// instruction (numbered in program order, void ones included) with attachments.
pub fn write_attachments(
    out: &mut Out,
    f: &FunctionData,
    body: &Body,
    nb: &Numbering,
) -> Result<()> {
    let prev = out.enter(METADATA_ATTACHMENT_ID, 3)?;
    if !f.attachments.is_empty() {
        for &(kind, md) in sorted_attachments(&f.attachments).iter() {
            let id = nb.md(md).map_err(|k| out.err(k))?;
            out.rec.extend([u64::from(kind), u64::from(id)]);
        }
        out.emit(METADATA_ATTACHMENT, 0)?;
    }
    let mut n = 0u64;
    for b in &body.blocks {
        for &i in &b.insts {
            let inst = body
                .inst(i)
                .ok_or_else(|| out.err(ErrorKind::Malformed("dangling instruction")))?;
            if !inst.attachments().is_empty() {
                out.rec.push(n);
                for &(kind, md) in sorted_attachments(inst.attachments()).iter() {
                    let id = nb.md(md).map_err(|k| out.err(k))?;
                    out.rec.extend([u64::from(kind), u64::from(id)]);
                }
                out.emit(METADATA_ATTACHMENT, 0)?;
            }
            n += 1;
        }
    }
    out.exit(prev)
}

/// Fills `out.rec` with one metadata record; returns (code, abbreviation 0).
fn md_record(out: &mut Out, pools: &Pools, nb: &Numbering, d: &M) -> Result<(u32, u32)> {
    let mut r = std::mem::take(&mut out.rec);
    let res = fill(&mut r, pools, nb, d);
    out.rec = r;
    res.map(|c| (c, 0)).map_err(|k| out.err(k))
}

type K<T> = std::result::Result<T, ErrorKind>;

fn fill(r: &mut Vec<u64>, pools: &Pools, nb: &Numbering, d: &M) -> K<u32> {
    let o = |x: MdRef| nb.md_or_null(x);
    Ok(match d {
        M::String(s) => {
            r.extend(pools.list(*s).iter().map(|&b| u64::from(b)));
            METADATA_STRING
        }
        M::Value { ty, value } => {
            r.push(nb.ty(*ty)?);
            r.push(u64::from(nb.value(*value)?));
            METADATA_VALUE
        }
        M::Node { distinct, operands } => {
            for &x in pools.list(*operands) {
                r.push(o(x)?);
            }
            if *distinct {
                METADATA_DISTINCT_NODE
            } else {
                METADATA_NODE
            }
        }
        other => match write_di(r, pools, nb, other)? {
            Some(code) => code,
            None => return Err(ErrorKind::Malformed("metadata without a record")),
        },
    })
}

/// The operands of one DI record, written field by field into the slots reserved for them;
/// each method is a kind of [`dxil_ir::for_each_di_record!`] and takes the field's operand
/// index (the optional tail is appended).
struct DiOut<'a, 'n> {
    r: &'a mut Vec<u64>,
    base: usize,
    pools: &'n Pools,
    nb: &'n Numbering,
}

impl DiOut<'_, '_> {
    fn set(&mut self, i: usize, v: u64) {
        self.r[self.base + i] = v;
    }

    fn flag(&mut self, i: usize, v: &bool) -> K<()> {
        self.set(i, u64::from(*v));
        Ok(())
    }

    fn uint(&mut self, i: usize, v: &u64) -> K<()> {
        self.set(i, *v);
        Ok(())
    }

    fn tag(&mut self, i: usize, v: &u64) -> K<()> {
        self.uint(i, v)
    }

    fn generic_tag(&mut self, i: usize, v: &u64) -> K<()> {
        self.uint(i, v)
    }

    fn flags(&mut self, i: usize, v: &u64) -> K<()> {
        self.uint(i, v)
    }

    fn lang(&mut self, i: usize, v: &u64) -> K<()> {
        self.uint(i, v)
    }

    fn encoding(&mut self, i: usize, v: &u64) -> K<()> {
        self.uint(i, v)
    }

    fn virtuality(&mut self, i: usize, v: &u64) -> K<()> {
        self.uint(i, v)
    }

    fn int(&mut self, i: usize, v: &i64) -> K<()> {
        self.set(i, *v as u64);
        Ok(())
    }

    fn sint(&mut self, i: usize, v: &i64) -> K<()> {
        self.set(i, rotate(*v));
        Ok(())
    }

    fn md(&mut self, i: usize, v: &MdRef) -> K<()> {
        let id = self.nb.md_or_null(*v)?;
        self.set(i, id);
        Ok(())
    }

    fn string(&mut self, i: usize, v: &MdRef) -> K<()> {
        self.md(i, v)
    }

    fn md_required(&mut self, i: usize, v: &Metadata) -> K<()> {
        let id = self.nb.md(*v)?;
        self.set(i, u64::from(id));
        Ok(())
    }

    fn opt_uint(&mut self, _: usize, v: &Option<u64>) -> K<()> {
        self.r.extend(*v);
        Ok(())
    }

    fn obsolete(&mut self, i: usize, v: &Option<u64>) -> K<()> {
        self.opt_uint(i, v)
    }

    fn md_list(&mut self, _: usize, v: &MdRange) -> K<()> {
        for &x in self.pools.list(*v) {
            let id = self.nb.md_or_null(x)?;
            self.r.push(id);
        }
        Ok(())
    }

    fn elements(&mut self, _: usize, v: &WordRange) -> K<()> {
        self.r.extend_from_slice(self.pools.list(*v));
        Ok(())
    }
}

/// `write_di(r, nb, d)`: appends the operands of DI record `d` and returns its code; `None`
/// when `d` is not a DI record.
macro_rules! di_writer {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        fn write_di(r: &mut Vec<u64>, pools: &Pools, nb: &Numbering, d: &M) -> K<Option<u32>> {
            match d {
                $(
                    M::$variant(n) => {
                        let n = DiPayload::record(n, pools)
                            .ok_or(ErrorKind::Malformed("a debug-info record the module does not hold"))?;
                        let base = r.len();
                        // Reserved operands stay 0.
                        r.resize(base + $min, 0);
                        let mut w = DiOut { r, base, pools, nb };
                        w.flag(0, &n.distinct)?;
                        $( w.$kind($idx, &n.$field)?; )*
                        Ok(Some($code))
                    }
                )*
                _ => Ok(None),
            }
        }
    };
}

dxil_ir::for_each_di_record!(di_writer);
