//! Small readings of the IR every rule needs: integer constants, `undef`, instructions in
//! program order, type spellings, names as LLVM gives them.

use dxil_container::ShaderKind;
use dxil_ir::{
    Body, CheckedModule, ConstKind, GlobalCommon, Inst, InstData, Metadata, Module, StructType,
    Type, TypeData, ValueRef,
};
use dxil_module::model::{EntryPoint, NodeIo, NodeIoProperty, Property, SignatureElement};
use dxil_module::DxilMetadata;

/// The value of an integer constant (`i32 5`, or `null`/`zeroinitializer` as 0), sign-extended
/// from its width; `None` for anything else (an instruction, `undef`, a float).
pub fn const_int(m: &CheckedModule, v: ValueRef) -> Option<i64> {
    let ValueRef::Const(c) = v else { return None };
    let data = m.constant(c);
    let bits = match m.ty(data.ty) {
        TypeData::Int(b) if *b <= 64 => *b,
        _ => return None,
    };
    match data.kind {
        ConstKind::Int(v) => Some(v),
        ConstKind::Null => Some(0),
        _ => None,
    }
    .map(|v| if bits == 1 { v & 1 } else { v })
}

/// [`const_int`] zero-extended from the constant's width (`getZExtValue`).
pub fn const_uint(m: &CheckedModule, v: ValueRef) -> Option<u64> {
    let value = const_int(m, v)?;
    let ValueRef::Const(c) = v else { return None };
    match m.ty(m.constant(c).ty) {
        TypeData::Int(64) => Some(value as u64),
        TypeData::Int(b) => Some((value as u64) & ((1u64 << b) - 1)),
        _ => None,
    }
}

/// An integer field of a struct constant as the reference reads the fields of a
/// `%dx.types.ResBind` or `%dx.types.ResourceProperties` constant: [`const_uint`]; a field
/// that is no integer constant (an `undef`) reads 0, as a `zeroinitializer`'s fields do.
pub fn field_uint(m: &CheckedModule, v: ValueRef) -> u64 {
    const_uint(m, v).unwrap_or(0)
}

/// Whether `v` is `undef`.
pub fn is_undef(m: &CheckedModule, v: ValueRef) -> bool {
    matches!(v, ValueRef::Const(c) if matches!(m.constant(c).kind, ConstKind::Undef))
}

/// Every instruction of `body` in program order, with the index of its block. The body is
/// one of the checked module's (as every body the rules see is), so its blocks name only
/// its instructions.
pub fn insts(body: &Body) -> impl Iterator<Item = (usize, Inst, &InstData)> + '_ {
    body.blocks
        .iter()
        .enumerate()
        .flat_map(move |(b, block)| block.insts.iter().map(move |&i| (b, i, &body.insts[i])))
}

/// The low 64 bits of a wide integer constant (`ConstKind::WideInt`): its first active word;
/// a constant with no active words is 0.
pub fn wide_int_low_word(words: &[u64]) -> u64 {
    match words {
        [low, ..] => *low,
        [] => 0,
    }
}

/// A type as LLVM prints it (`<4 x float>`, `%dx.types.Handle`).
pub fn type_text(m: &CheckedModule, ty: Type) -> String {
    let [text] = <[String; 1]>::try_from(dxil_text::type_texts(m, &[ty]))
        .expect("the printer gives one text per type asked for");
    text
}

/// The name of a global value as LLVM's `Value::getName` gives it, which the reference's
/// rules compare and print: empty for an unnamed value (LLVM keeps no name apart from the
/// empty one).
pub fn llvm_name<'m>(m: &'m Module, common: &GlobalCommon) -> &'m str {
    m.name_text(common.name)
}

/// The name of a struct type as `StructType::getName` gives it: empty for a literal
/// (unnamed) struct.
pub fn struct_name(st: &StructType) -> &str {
    st.name.as_deref().unwrap_or_default()
}

/// `s` without `prefix` when it starts with it (LLVM's `StringRef::consume_front`, which the
/// reference's name tests use), `s` as it is otherwise.
pub fn without_prefix<'a>(s: &'a str, prefix: &str) -> &'a str {
    s.strip_prefix(prefix).unwrap_or(s)
}

/// Entry `index` of one of the reference's lookup tables (indexed by a kind, a primitive, a
/// component type), or what the reference gives for an index past the table's end.
pub fn table_entry<T: Copy>(table: &[T], index: u32, past_end: T) -> T {
    table.get(index as usize).copied().unwrap_or(past_end)
}

/// A number of the input as a `u32`, a larger one saturated to `u32::MAX` (so that it
/// fails the range checks it meets, as the reference's wider reading does).
pub fn saturating_u32(v: u64) -> u32 {
    v.min(u64::from(u32::MAX)) as u32
}

/// The text of a metadata node as the reference appends it to a message.
pub fn metadata_text(m: &CheckedModule, md: Metadata) -> String {
    let [text] = <[String; 1]>::try_from(dxil_text::metadata_texts(m, &[md]))
        .expect("the printer gives one text per node asked for");
    text
}

/// The records of `dx.entryPoints`. The reference reads an absent list as an empty one: a
/// module without it has no entries (and a stage's module is then refused for not having
/// exactly one, `rules::metadata`).
pub fn entry_records(md: &DxilMetadata) -> &[EntryPoint] {
    md.entry_points.as_deref().unwrap_or_default()
}

/// The records the reference loads as entries: a library's after its first (the module's
/// own record, which names no function); a stage's first, its one entry.
pub fn loaded_entries(records: &[EntryPoint], is_library: bool) -> &[EntryPoint] {
    match records.split_first() {
        Some((_, rest)) if is_library => rest,
        Some(_) => &records[..1],
        None => &[],
    }
}

/// The kind the reference's loader gives a library entry before its `ShaderKind`
/// property: `Library` when the record has a property list, `Invalid` when it has none
/// (the loader then leaves the entry's properties as constructed).
pub fn lib_entry_default_kind(record: &EntryPoint) -> ShaderKind {
    if record.properties.is_some() {
        ShaderKind::Library
    } else {
        ShaderKind::Invalid
    }
}

/// The properties of an entry record: an absent property list holds none.
pub fn entry_properties(record: &EntryPoint) -> &[Property] {
    record.properties.as_deref().unwrap_or_default()
}

/// The elements of a signature: an absent list holds none.
pub fn signature_elements(list: Option<&Vec<SignatureElement>>) -> &[SignatureElement] {
    list.map_or(&[], Vec::as_slice)
}

/// The shader kind a `ShaderKind` property holds, as the reference casts the number to its
/// enum: a number past the last kind is `Invalid`.
pub fn shader_kind_of_raw(raw: u32) -> ShaderKind {
    ShaderKind::from_raw(raw).unwrap_or(ShaderKind::Invalid)
}

/// The kind of the module's shader model: `Invalid` without one, or for a name the table
/// does not know (which `rules::metadata` reports).
pub fn module_shader_kind(md: &DxilMetadata) -> ShaderKind {
    md.shader_kind().unwrap_or(ShaderKind::Invalid)
}

/// The flags of a node input or output record (`NodeIOFlags`): none (0) when it has no
/// flags property.
pub fn node_io_flags(io: &NodeIo) -> u32 {
    io.properties
        .iter()
        .find_map(|p| match p {
            NodeIoProperty::Flags(f) => Some(*f),
            _ => None,
        })
        .unwrap_or(0)
}

/// Component types (DXIL.rst "ComponentType", `DXIL::ComponentType`) as the raw numbers the
/// metadata and the parts hold and the rules compare with; the values are `ComponentType`'s.
pub(crate) mod comp {
    pub use dxil_parts::names::component_type::*;

    /// `CompType::Is64Bit`.
    pub fn is_64bit(c: u32) -> bool {
        matches!(c, I64 | U64 | F64 | self::SNormF64 | self::UNormF64)
    }

    /// `CompType::Is16Bit`.
    pub fn is_16bit(c: u32) -> bool {
        matches!(c, I16 | U16 | F16 | self::SNormF16 | self::UNormF16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::Module;

    #[test]
    fn constants_read_as_the_reference_reads_them() {
        let mut m = Module::default();
        let i32_ty = m.types.push(TypeData::Int(32));
        let c = |m: &mut Module, kind| {
            ValueRef::Const(m.constants.push(dxil_ir::ConstData { ty: i32_ty, kind }))
        };
        let minus_one = c(&mut m, ConstKind::Int(-1));
        let zero = c(&mut m, ConstKind::Null);
        let undef = c(&mut m, ConstKind::Undef);
        let m = CheckedModule::new(m).expect("ids checked");
        assert_eq!(const_int(&m, minus_one), Some(-1));
        assert_eq!(const_uint(&m, minus_one), Some(0xffff_ffff));
        assert_eq!(const_int(&m, zero), Some(0));
        assert_eq!(const_int(&m, undef), None);
        assert!(is_undef(&m, undef));
    }

    #[test]
    fn a_library_entry_starts_at_library_only_with_a_property_list() {
        let mut record = EntryPoint {
            function: dxil_module::md::Md::Null,
            name: "main".to_string(),
            signatures: None,
            resources: None,
            properties: None,
        };
        assert_eq!(lib_entry_default_kind(&record), ShaderKind::Invalid);
        record.properties = Some(vec![Property::ShaderFlags(0)]);
        assert_eq!(lib_entry_default_kind(&record), ShaderKind::Library);
    }
}
