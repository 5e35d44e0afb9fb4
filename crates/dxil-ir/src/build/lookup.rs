//! Reading the interning tables without adding to them, values by id, and replacing the
//! operands of named metadata: what a producer needs that holds ids rather than
//! [`Value`]s (a module adopted by [`ModuleBuilder::from_module`], a metadata model written
//! back over the one it was read from).

use super::constants::{const_eq, const_hash};
use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::module::ModuleBuilder;
use super::Value;
use crate::{ConstData, ConstKind, Metadata, NamedMetadata, Type, ValueRef};

impl ModuleBuilder {
    /// The interned constant `kind` of type `ty`, if there is one (nothing is added).
    pub fn find_constant(&self, ty: Type, kind: &ConstKind) -> Option<Value> {
        let data = ConstData {
            ty,
            kind: kind.clone(),
        };
        let (consts, pools) = (&self.m.constants, &self.m.pools);
        let id = self.const_index.find(const_hash(pools, &data), |id| {
            const_eq(pools, &consts[id as usize], &data)
        })?;
        Some(Value::new(
            ValueRef::Const(crate::Const(id)),
            Some(ty),
            None,
        ))
    }

    /// The module-level value `r` (a global, function, alias, constant or module metadata)
    /// with its type; an argument, an instruction or an id that names nothing is an error.
    pub fn value_of(&mut self, r: ValueRef) -> BuildResult<Value> {
        match r {
            ValueRef::Arg(_) | ValueRef::Inst(_) => Err(BuildError::new(
                BuildErrorKind::Foreign,
                "value: arguments and instructions belong to a function",
            )),
            ValueRef::Metadata(md) => self.metadata_value(md),
            _ => match self.m.value_type(None, r) {
                Some(ty) => Ok(Value::new(r, Some(ty), None)),
                None => Err(BuildError::new(
                    BuildErrorKind::Dangling,
                    format!("value: {r:?} does not exist"),
                )),
            },
        }
    }

    /// Sets the operands of named metadata `!name` (replacing the ones it has; created at
    /// the end of the list when new).
    pub fn set_named_metadata(&mut self, name: &str, operands: &[Metadata]) -> BuildResult<()> {
        for &md in operands {
            self.check_md("named metadata", md)?;
        }
        self.put_named_metadata(name, operands, false);
        Ok(())
    }

    /// Gives named metadata `!name` the operands `operands`, after the ones it has when
    /// `append`, instead of them otherwise; creates it at the end of the list when new.
    pub(super) fn put_named_metadata(&mut self, name: &str, operands: &[Metadata], append: bool) {
        let m = &mut self.m;
        let names = &m.names;
        match m
            .named_metadata
            .iter_mut()
            .find(|n| names.get(n.name) == Some(name))
        {
            Some(n) if append => n.operands = m.pools.append(n.operands, operands),
            Some(n) => n.operands = m.pools.replace(n.operands, operands),
            None => {
                let operands = m.pools.push(operands);
                let name = m.names.push(name);
                m.named_metadata.push(NamedMetadata { name, operands })
            }
        }
    }
}
