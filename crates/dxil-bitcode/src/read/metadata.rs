//! METADATA_BLOCK (LLVM 3.7 `parseMetadata`): strings, value wrappers, nodes, named
//! metadata, the kind table and every DI* record.

use dxil_bitstream::Entry;
use dxil_ir::*;

use super::cursor::Cursor;
use super::values::State;
use super::{bytes, op, string, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// A function-local value wrapper whose value is defined later in the body.
pub(crate) struct MdFixup {
    pub md: Metadata,
    pub value_id: u64,
    pub ty: Type,
}

/// Metadata-id resolution inside one block (forward references checked at its end).
struct MdIds {
    local: bool,
    module_count: u64,
    local_arena_base: u64,
    max_ref: Option<u64>,
}

impl MdIds {
    fn get(&mut self, id: u64) -> K<Metadata> {
        self.max_ref = Some(self.max_ref.map_or(id, |m| m.max(id)));
        let idx = if !self.local || id < self.module_count {
            id
        } else {
            self.local_arena_base + (id - self.module_count)
        };
        u32::try_from(idx)
            .ok()
            .filter(|&i| i < u32::MAX)
            .map(Metadata)
            .ok_or(ErrorKind::BadMetadata(id))
    }

    fn or_null(&mut self, id: u64) -> K<MdRef> {
        if id == 0 {
            Ok(None)
        } else {
            self.get(id - 1).map(Some)
        }
    }
}

/// Reads a metadata block. `local` for a function's block; then `fixups` collects value
/// wrappers of not-yet-defined values.
pub(crate) fn read_metadata(
    cur: &mut Cursor<'_>,
    st: &mut State,
    local: bool,
    fixups: &mut Vec<MdFixup>,
) -> Result<()> {
    let prev = cur.enter(METADATA_BLOCK_ID)?;
    if !local && st.seen_body {
        return Err(cur.err(ErrorKind::Malformed(
            "module metadata after a function body",
        )));
    }
    let mut ids = MdIds {
        local,
        module_count: u64::from(st.m.module_metadata_count),
        local_arena_base: st.m.metadata.len() as u64 - st.local_md.len() as u64,
        max_ref: None,
    };
    loop {
        match cur.next()? {
            Entry::EndBlock => break,
            Entry::EndOfStream => return Err(cur.truncated()),
            Entry::SubBlock { block_id } => {
                return Err(cur.err(ErrorKind::UnexpectedBlock(block_id)))
            }
            Entry::Record { abbrev_id } => {
                let code = cur.read_record(abbrev_id)?;
                match code {
                    METADATA_NAME => {
                        let name = string(&cur.rec.ops).map_err(|k| cur.err(k))?;
                        let next = cur.next()?;
                        let Entry::Record { abbrev_id } = next else {
                            return Err(cur.err(ErrorKind::Malformed(
                                "METADATA_NAME not followed by METADATA_NAMED_NODE",
                            )));
                        };
                        if cur.read_record(abbrev_id)? != METADATA_NAMED_NODE {
                            return Err(cur.err(ErrorKind::Malformed(
                                "METADATA_NAME not followed by METADATA_NAMED_NODE",
                            )));
                        }
                        let operands = cur
                            .rec
                            .ops
                            .iter()
                            .map(|&id| ids.get(id))
                            .collect::<K<Vec<_>>>()
                            .map_err(|k| cur.err(k))?;
                        st.m.named_metadata.push(NamedMetadata { name, operands });
                    }
                    METADATA_KIND => {
                        let ops = &cur.rec.ops;
                        let r = op(ops, 0)
                            .and_then(|id| {
                                u32::try_from(id).map_err(|_| ErrorKind::InvalidRecord("kind id"))
                            })
                            .and_then(|id| {
                                if ops.len() < 2 {
                                    return Err(ErrorKind::InvalidRecord("kind without a name"));
                                }
                                if !st.kind_ids.insert(id) {
                                    return Err(ErrorKind::Malformed(
                                        "conflicting METADATA_KIND records",
                                    ));
                                }
                                let name = string(ops.get(1..).unwrap_or(&[]))?;
                                st.m.metadata_kinds.push(MetadataKind { id, name });
                                Ok(())
                            });
                        r.map_err(|k| cur.err(k))?;
                    }
                    _ => {
                        let data = md_record(st, &mut ids, code, &cur.rec.ops, local, fixups)
                            .map_err(|k| cur.err(k))?;
                        let id = Metadata::from_index(st.m.metadata.len())
                            .filter(|m| m.0 < u32::MAX)
                            .ok_or_else(|| {
                                cur.err(ErrorKind::InvalidRecord("too much metadata"))
                            })?;
                        st.m.metadata.push(data);
                        if local {
                            st.local_md.push(id);
                        } else {
                            st.m.module_metadata_count += 1;
                        }
                    }
                }
            }
        }
    }
    if let Some(max) = ids.max_ref {
        let defined = u64::from(st.m.module_metadata_count) + st.local_md.len() as u64;
        if max >= defined {
            return Err(cur.err(ErrorKind::BadMetadata(max)));
        }
    }
    cur.leave(prev);
    Ok(())
}

fn exact(ops: &[u64], n: usize) -> K<()> {
    if ops.len() == n {
        Ok(())
    } else {
        Err(ErrorKind::InvalidRecord("wrong number of operands"))
    }
}

fn md_record(
    st: &State,
    ids: &mut MdIds,
    code: u32,
    ops: &[u64],
    local: bool,
    fixups: &mut Vec<MdFixup>,
) -> K<MetadataData> {
    let d = |i: usize| -> K<bool> { super::flag(ops, i) };
    let n = |i: usize| op(ops, i);
    Ok(match code {
        METADATA_STRING => MetadataData::String(bytes(ops)?),
        METADATA_VALUE => {
            exact(ops, 2)?;
            let ty = st.ty(ops[0])?;
            if matches!(st.td(ty), TypeData::Metadata | TypeData::Void) {
                return Err(ErrorKind::TypeMismatch(
                    "metadata value of metadata/void type",
                ));
            }
            let id = ops[1];
            match st.value(id) {
                Some((value, vty)) => {
                    if vty != ty {
                        return Err(ErrorKind::TypeMismatch("metadata value type"));
                    }
                    MetadataData::Value { ty, value }
                }
                None if local => {
                    let md = Metadata::from_index(st.m.metadata.len())
                        .ok_or(ErrorKind::InvalidRecord("too much metadata"))?;
                    fixups.push(MdFixup {
                        md,
                        value_id: id,
                        ty,
                    });
                    // Replaced when the body's values are known.
                    MetadataData::Value {
                        ty,
                        value: ValueRef::Metadata(Metadata(u32::MAX)),
                    }
                }
                None => return Err(ErrorKind::BadValue(id)),
            }
        }
        METADATA_NODE | METADATA_DISTINCT_NODE => MetadataData::Node {
            distinct: code == METADATA_DISTINCT_NODE,
            operands: ops
                .iter()
                .map(|&id| ids.or_null(id))
                .collect::<K<Box<[MdRef]>>>()?,
        },
        METADATA_LOCATION => {
            exact(ops, 5)?;
            MetadataData::Location(DILocation {
                distinct: d(0)?,
                line: n(1)?,
                column: n(2)?,
                scope: ids.get(n(3)?)?,
                inlined_at: ids.or_null(n(4)?)?,
            })
        }
        METADATA_GENERIC_DEBUG => {
            if ops.len() < 4 || n(2)? != 0 || n(1)? >= 1 << 16 {
                return Err(ErrorKind::InvalidRecord("GenericDINode"));
            }
            MetadataData::GenericDebug(GenericDINode {
                distinct: d(0)?,
                tag: n(1)?,
                header: ids.or_null(n(3)?)?,
                operands: ops
                    .get(4..)
                    .unwrap_or(&[])
                    .iter()
                    .map(|&id| ids.or_null(id))
                    .collect::<K<_>>()?,
            })
        }
        METADATA_SUBRANGE => {
            exact(ops, 3)?;
            MetadataData::Subrange(DISubrange {
                distinct: d(0)?,
                count: n(1)? as i64,
                lower_bound: unrotate(n(2)?),
            })
        }
        METADATA_ENUMERATOR => {
            exact(ops, 3)?;
            MetadataData::Enumerator(DIEnumerator {
                distinct: d(0)?,
                value: unrotate(n(1)?),
                name: ids.or_null(n(2)?)?,
            })
        }
        METADATA_BASIC_TYPE => {
            exact(ops, 6)?;
            MetadataData::BasicType(DIBasicType {
                distinct: d(0)?,
                tag: n(1)?,
                name: ids.or_null(n(2)?)?,
                size: n(3)?,
                align: n(4)?,
                encoding: n(5)?,
            })
        }
        METADATA_FILE => {
            exact(ops, 3)?;
            MetadataData::File(DIFile {
                distinct: d(0)?,
                filename: ids.or_null(n(1)?)?,
                directory: ids.or_null(n(2)?)?,
            })
        }
        METADATA_DERIVED_TYPE => {
            exact(ops, 12)?;
            MetadataData::DerivedType(DIDerivedType {
                distinct: d(0)?,
                tag: n(1)?,
                name: ids.or_null(n(2)?)?,
                file: ids.or_null(n(3)?)?,
                line: n(4)?,
                scope: ids.or_null(n(5)?)?,
                base_type: ids.or_null(n(6)?)?,
                size: n(7)?,
                align: n(8)?,
                offset: n(9)?,
                flags: n(10)?,
                extra_data: ids.or_null(n(11)?)?,
            })
        }
        METADATA_COMPOSITE_TYPE => {
            exact(ops, 16)?;
            MetadataData::CompositeType(DICompositeType {
                distinct: d(0)?,
                tag: n(1)?,
                name: ids.or_null(n(2)?)?,
                file: ids.or_null(n(3)?)?,
                line: n(4)?,
                scope: ids.or_null(n(5)?)?,
                base_type: ids.or_null(n(6)?)?,
                size: n(7)?,
                align: n(8)?,
                offset: n(9)?,
                flags: n(10)?,
                elements: ids.or_null(n(11)?)?,
                runtime_lang: n(12)?,
                vtable_holder: ids.or_null(n(13)?)?,
                template_params: ids.or_null(n(14)?)?,
                identifier: ids.or_null(n(15)?)?,
            })
        }
        METADATA_SUBROUTINE_TYPE => {
            exact(ops, 3)?;
            MetadataData::SubroutineType(DISubroutineType {
                distinct: d(0)?,
                flags: n(1)?,
                types: ids.or_null(n(2)?)?,
            })
        }
        METADATA_MODULE => {
            exact(ops, 6)?;
            MetadataData::Module(DIModule {
                distinct: d(0)?,
                scope: ids.or_null(n(1)?)?,
                name: ids.or_null(n(2)?)?,
                configuration_macros: ids.or_null(n(3)?)?,
                include_path: ids.or_null(n(4)?)?,
                isysroot: ids.or_null(n(5)?)?,
            })
        }
        METADATA_COMPILE_UNIT => {
            if ops.len() != 14 && ops.len() != 15 {
                return Err(ErrorKind::InvalidRecord("wrong number of operands"));
            }
            MetadataData::CompileUnit(DICompileUnit {
                distinct: d(0)?,
                language: n(1)?,
                file: ids.or_null(n(2)?)?,
                producer: ids.or_null(n(3)?)?,
                is_optimized: d(4)?,
                flags: ids.or_null(n(5)?)?,
                runtime_version: n(6)?,
                split_debug_filename: ids.or_null(n(7)?)?,
                emission_kind: n(8)?,
                enums: ids.or_null(n(9)?)?,
                retained_types: ids.or_null(n(10)?)?,
                subprograms: ids.or_null(n(11)?)?,
                globals: ids.or_null(n(12)?)?,
                imports: ids.or_null(n(13)?)?,
                dwo_id: ops.get(14).copied(),
            })
        }
        METADATA_SUBPROGRAM => {
            exact(ops, 19)?;
            MetadataData::Subprogram(DISubprogram {
                distinct: d(0)?,
                scope: ids.or_null(n(1)?)?,
                name: ids.or_null(n(2)?)?,
                linkage_name: ids.or_null(n(3)?)?,
                file: ids.or_null(n(4)?)?,
                line: n(5)?,
                ty: ids.or_null(n(6)?)?,
                is_local: d(7)?,
                is_definition: d(8)?,
                scope_line: n(9)?,
                containing_type: ids.or_null(n(10)?)?,
                virtuality: n(11)?,
                virtual_index: n(12)?,
                flags: n(13)?,
                is_optimized: d(14)?,
                function: ids.or_null(n(15)?)?,
                template_params: ids.or_null(n(16)?)?,
                declaration: ids.or_null(n(17)?)?,
                variables: ids.or_null(n(18)?)?,
            })
        }
        METADATA_LEXICAL_BLOCK => {
            exact(ops, 5)?;
            MetadataData::LexicalBlock(DILexicalBlock {
                distinct: d(0)?,
                scope: ids.or_null(n(1)?)?,
                file: ids.or_null(n(2)?)?,
                line: n(3)?,
                column: n(4)?,
            })
        }
        METADATA_LEXICAL_BLOCK_FILE => {
            exact(ops, 4)?;
            MetadataData::LexicalBlockFile(DILexicalBlockFile {
                distinct: d(0)?,
                scope: ids.or_null(n(1)?)?,
                file: ids.or_null(n(2)?)?,
                discriminator: n(3)?,
            })
        }
        METADATA_NAMESPACE => {
            exact(ops, 5)?;
            MetadataData::Namespace(DINamespace {
                distinct: d(0)?,
                scope: ids.or_null(n(1)?)?,
                file: ids.or_null(n(2)?)?,
                name: ids.or_null(n(3)?)?,
                line: n(4)?,
            })
        }
        METADATA_TEMPLATE_TYPE => {
            exact(ops, 3)?;
            MetadataData::TemplateTypeParameter(DITemplateTypeParameter {
                distinct: d(0)?,
                name: ids.or_null(n(1)?)?,
                ty: ids.or_null(n(2)?)?,
            })
        }
        METADATA_TEMPLATE_VALUE => {
            exact(ops, 5)?;
            MetadataData::TemplateValueParameter(DITemplateValueParameter {
                distinct: d(0)?,
                tag: n(1)?,
                name: ids.or_null(n(2)?)?,
                ty: ids.or_null(n(3)?)?,
                value: ids.or_null(n(4)?)?,
            })
        }
        METADATA_GLOBAL_VAR => {
            exact(ops, 11)?;
            MetadataData::GlobalVariable(DIGlobalVariable {
                distinct: d(0)?,
                scope: ids.or_null(n(1)?)?,
                name: ids.or_null(n(2)?)?,
                linkage_name: ids.or_null(n(3)?)?,
                file: ids.or_null(n(4)?)?,
                line: n(5)?,
                ty: ids.or_null(n(6)?)?,
                is_local: d(7)?,
                is_definition: d(8)?,
                variable: ids.or_null(n(9)?)?,
                static_data_member_declaration: ids.or_null(n(10)?)?,
            })
        }
        METADATA_LOCAL_VAR => {
            if ops.len() != 9 && ops.len() != 10 {
                return Err(ErrorKind::InvalidRecord("wrong number of operands"));
            }
            MetadataData::LocalVariable(DILocalVariable {
                distinct: d(0)?,
                tag: n(1)?,
                scope: ids.or_null(n(2)?)?,
                name: ids.or_null(n(3)?)?,
                file: ids.or_null(n(4)?)?,
                line: n(5)?,
                ty: ids.or_null(n(6)?)?,
                arg: n(7)?,
                flags: n(8)?,
                obsolete_inlined_at: ops.get(9).copied(),
            })
        }
        METADATA_EXPRESSION => MetadataData::Expression(DIExpression {
            distinct: d(0)?,
            elements: ops.get(1..).unwrap_or(&[]).into(),
        }),
        METADATA_OBJC_PROPERTY => {
            exact(ops, 8)?;
            MetadataData::ObjCProperty(DIObjCProperty {
                distinct: d(0)?,
                name: ids.or_null(n(1)?)?,
                file: ids.or_null(n(2)?)?,
                line: n(3)?,
                setter: ids.or_null(n(4)?)?,
                getter: ids.or_null(n(5)?)?,
                attributes: n(6)?,
                ty: ids.or_null(n(7)?)?,
            })
        }
        METADATA_IMPORTED_ENTITY => {
            exact(ops, 6)?;
            MetadataData::ImportedEntity(DIImportedEntity {
                distinct: d(0)?,
                tag: n(1)?,
                scope: ids.or_null(n(2)?)?,
                entity: ids.or_null(n(3)?)?,
                line: n(4)?,
                name: ids.or_null(n(5)?)?,
            })
        }
        8 | 9 => return Err(ErrorKind::Unsupported("pre-3.6 METADATA_OLD_NODE")),
        other => return Err(ErrorKind::UnexpectedRecord(other)),
    })
}

/// LLVM's `unrotateSign` for DI records.
fn unrotate(u: u64) -> i64 {
    if u & 1 != 0 {
        !((u >> 1) as i64)
    } else {
        (u >> 1) as i64
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn unrotate_sign() {
        assert_eq!(super::unrotate(0), 0);
        assert_eq!(super::unrotate(2), 1);
        assert_eq!(super::unrotate(1), -1);
        assert_eq!(super::unrotate(3), -2);
        assert_eq!(crate::read::decode_signed(3), -1);
        assert_eq!(crate::read::decode_signed(1), i64::MIN);
    }
}
