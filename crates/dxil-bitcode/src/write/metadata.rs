//! METADATA_BLOCK (LLVM 3.7 `WriteModuleMetadata`, `WriteModuleMetadataStore`,
//! `WriteFunctionLocalMetadata`) and METADATA_ATTACHMENT (`WriteMetadataAttachment`).

use dxil_bitstream::AbbrevOp::{Array, Fixed, Literal, Vbr};
use dxil_ir::{Body, FunctionData, MdRef, Metadata, MetadataData as M, Module};

use super::abbrevs::define;
use super::enumerate::sorted_attachments;
use super::numbering::Numbering;
use super::Out;
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// LLVM's `rotateSign` for DI records.
fn rotate(i: i64) -> u64 {
    let u = i as u64;
    if i < 0 {
        !(u << 1)
    } else {
        u << 1
    }
}

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
        let d = m
            .md(md)
            .ok_or_else(|| out.err(ErrorKind::BadMetadata(u64::from(md.0))))?;
        mds.push(d);
    }
    let prev = out.enter(METADATA_BLOCK_ID, 3)?;
    let has = |f: fn(&M) -> bool| mds.iter().any(|d| f(d));
    let lit = |c: u32| Literal(u64::from(c));
    let mut string = 0;
    if has(|d| matches!(d, M::String(_))) {
        string = define(out, &[lit(METADATA_STRING), Array, Fixed(8)])?;
    }
    let mut location = 0;
    if has(|d| matches!(d, M::Location(_))) {
        location = define(
            out,
            &[
                lit(METADATA_LOCATION),
                Fixed(1),
                Vbr(6),
                Vbr(8),
                Vbr(6),
                Vbr(6),
            ],
        )?;
    }
    let mut generic = 0;
    if has(|d| matches!(d, M::GenericDebug(_))) {
        generic = define(
            out,
            &[
                lit(METADATA_GENERIC_DEBUG),
                Fixed(1),
                Vbr(6),
                Fixed(1),
                Vbr(6),
                Array,
                Vbr(6),
            ],
        )?;
    }
    let mut name = 0;
    if !m.named_metadata.is_empty() {
        name = define(out, &[lit(METADATA_NAME), Array, Fixed(8)])?;
    }
    for d in mds {
        let (code, abbrev) = md_record(out, nb, d)?;
        let abbrev = match code {
            METADATA_STRING => string,
            METADATA_LOCATION => location,
            METADATA_GENERIC_DEBUG => generic,
            _ => abbrev,
        };
        out.emit(code, abbrev)?;
    }
    for nm in &m.named_metadata {
        out.rec.extend(nm.name.bytes().map(u64::from));
        out.emit(METADATA_NAME, name)?;
        for &op in &nm.operands {
            let id = nb.md(op).map_err(|k| out.err(k))?;
            out.rec.push(u64::from(id));
        }
        out.emit(METADATA_NAMED_NODE, 0)?;
    }
    out.exit(prev)
}

/// The metadata kind table (its own METADATA_BLOCK), by kind id.
pub fn write_kinds(out: &mut Out, m: &Module) -> Result<()> {
    if m.metadata_kinds.is_empty() {
        return Ok(());
    }
    let prev = out.enter(METADATA_BLOCK_ID, 3)?;
    let mut kinds: Vec<_> = m.metadata_kinds.iter().collect();
    kinds.sort_by_key(|k| k.id);
    for k in kinds {
        out.rec.push(u64::from(k.id));
        out.rec.extend(k.name.bytes().map(u64::from));
        out.emit(METADATA_KIND, 0)?;
    }
    out.exit(prev)
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
        let d = m
            .md(md)
            .ok_or_else(|| out.err(ErrorKind::BadMetadata(u64::from(md.0))))?;
        let (code, _) = md_record(out, nb, d)?;
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
        for (kind, md) in sorted_attachments(&f.attachments) {
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
            if !inst.attachments.is_empty() {
                out.rec.push(n);
                for (kind, md) in sorted_attachments(&inst.attachments) {
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
fn md_record(out: &mut Out, nb: &Numbering, d: &M) -> Result<(u32, u32)> {
    let mut r = std::mem::take(&mut out.rec);
    let res = fill(&mut r, nb, d);
    out.rec = r;
    res.map(|c| (c, 0)).map_err(|k| out.err(k))
}

type K<T> = std::result::Result<T, ErrorKind>;

fn fill(r: &mut Vec<u64>, nb: &Numbering, d: &M) -> K<u32> {
    let o = |x: MdRef| nb.md_or_null(x);
    Ok(match d {
        M::String(s) => {
            r.extend(s.iter().map(|&b| u64::from(b)));
            METADATA_STRING
        }
        M::Value { ty, value } => {
            r.push(nb.ty(*ty)?);
            r.push(u64::from(nb.value(*value)?));
            METADATA_VALUE
        }
        M::Node { distinct, operands } => {
            for &x in operands.iter() {
                r.push(o(x)?);
            }
            if *distinct {
                METADATA_DISTINCT_NODE
            } else {
                METADATA_NODE
            }
        }
        M::Location(n) => {
            r.extend([
                u64::from(n.distinct),
                n.line,
                n.column,
                u64::from(nb.md(n.scope)?),
                o(n.inlined_at)?,
            ]);
            METADATA_LOCATION
        }
        M::GenericDebug(n) => {
            r.extend([u64::from(n.distinct), n.tag, 0, o(n.header)?]);
            for &x in n.operands.iter() {
                r.push(o(x)?);
            }
            METADATA_GENERIC_DEBUG
        }
        M::Subrange(n) => {
            r.extend([u64::from(n.distinct), n.count as u64, rotate(n.lower_bound)]);
            METADATA_SUBRANGE
        }
        M::Enumerator(n) => {
            r.extend([u64::from(n.distinct), rotate(n.value), o(n.name)?]);
            METADATA_ENUMERATOR
        }
        M::BasicType(n) => {
            r.extend([
                u64::from(n.distinct),
                n.tag,
                o(n.name)?,
                n.size,
                n.align,
                n.encoding,
            ]);
            METADATA_BASIC_TYPE
        }
        M::File(n) => {
            r.extend([u64::from(n.distinct), o(n.filename)?, o(n.directory)?]);
            METADATA_FILE
        }
        M::DerivedType(n) => {
            r.extend([
                u64::from(n.distinct),
                n.tag,
                o(n.name)?,
                o(n.file)?,
                n.line,
                o(n.scope)?,
                o(n.base_type)?,
                n.size,
                n.align,
                n.offset,
                n.flags,
                o(n.extra_data)?,
            ]);
            METADATA_DERIVED_TYPE
        }
        M::CompositeType(n) => {
            r.extend([
                u64::from(n.distinct),
                n.tag,
                o(n.name)?,
                o(n.file)?,
                n.line,
                o(n.scope)?,
                o(n.base_type)?,
                n.size,
                n.align,
                n.offset,
                n.flags,
                o(n.elements)?,
                n.runtime_lang,
                o(n.vtable_holder)?,
                o(n.template_params)?,
                o(n.identifier)?,
            ]);
            METADATA_COMPOSITE_TYPE
        }
        M::SubroutineType(n) => {
            r.extend([u64::from(n.distinct), n.flags, o(n.types)?]);
            METADATA_SUBROUTINE_TYPE
        }
        M::CompileUnit(n) => {
            r.extend([
                u64::from(n.distinct),
                n.language,
                o(n.file)?,
                o(n.producer)?,
                u64::from(n.is_optimized),
                o(n.flags)?,
                n.runtime_version,
                o(n.split_debug_filename)?,
                n.emission_kind,
                o(n.enums)?,
                o(n.retained_types)?,
                o(n.subprograms)?,
                o(n.globals)?,
                o(n.imports)?,
            ]);
            r.extend(n.dwo_id);
            METADATA_COMPILE_UNIT
        }
        M::Subprogram(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.scope)?,
                o(n.name)?,
                o(n.linkage_name)?,
                o(n.file)?,
                n.line,
                o(n.ty)?,
                u64::from(n.is_local),
                u64::from(n.is_definition),
                n.scope_line,
                o(n.containing_type)?,
                n.virtuality,
                n.virtual_index,
                n.flags,
                u64::from(n.is_optimized),
                o(n.function)?,
                o(n.template_params)?,
                o(n.declaration)?,
                o(n.variables)?,
            ]);
            METADATA_SUBPROGRAM
        }
        M::LexicalBlock(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.scope)?,
                o(n.file)?,
                n.line,
                n.column,
            ]);
            METADATA_LEXICAL_BLOCK
        }
        M::LexicalBlockFile(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.scope)?,
                o(n.file)?,
                n.discriminator,
            ]);
            METADATA_LEXICAL_BLOCK_FILE
        }
        M::Namespace(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.scope)?,
                o(n.file)?,
                o(n.name)?,
                n.line,
            ]);
            METADATA_NAMESPACE
        }
        M::TemplateTypeParameter(n) => {
            r.extend([u64::from(n.distinct), o(n.name)?, o(n.ty)?]);
            METADATA_TEMPLATE_TYPE
        }
        M::TemplateValueParameter(n) => {
            r.extend([
                u64::from(n.distinct),
                n.tag,
                o(n.name)?,
                o(n.ty)?,
                o(n.value)?,
            ]);
            METADATA_TEMPLATE_VALUE
        }
        M::GlobalVariable(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.scope)?,
                o(n.name)?,
                o(n.linkage_name)?,
                o(n.file)?,
                n.line,
                o(n.ty)?,
                u64::from(n.is_local),
                u64::from(n.is_definition),
                o(n.variable)?,
                o(n.static_data_member_declaration)?,
            ]);
            METADATA_GLOBAL_VAR
        }
        M::LocalVariable(n) => {
            r.extend([
                u64::from(n.distinct),
                n.tag,
                o(n.scope)?,
                o(n.name)?,
                o(n.file)?,
                n.line,
                o(n.ty)?,
                n.arg,
                n.flags,
            ]);
            r.extend(n.obsolete_inlined_at);
            METADATA_LOCAL_VAR
        }
        M::Expression(n) => {
            r.push(u64::from(n.distinct));
            r.extend(n.elements.iter().copied());
            METADATA_EXPRESSION
        }
        M::ObjCProperty(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.name)?,
                o(n.file)?,
                n.line,
                o(n.setter)?,
                o(n.getter)?,
                n.attributes,
                o(n.ty)?,
            ]);
            METADATA_OBJC_PROPERTY
        }
        M::ImportedEntity(n) => {
            r.extend([
                u64::from(n.distinct),
                n.tag,
                o(n.scope)?,
                o(n.entity)?,
                n.line,
                o(n.name)?,
            ]);
            METADATA_IMPORTED_ENTITY
        }
        M::Module(n) => {
            r.extend([
                u64::from(n.distinct),
                o(n.scope)?,
                o(n.name)?,
                o(n.configuration_macros)?,
                o(n.include_path)?,
                o(n.isysroot)?,
            ]);
            METADATA_MODULE
        }
    })
}
