//! Rewriting a finished body in place (an optimizer's passes between the last definition
//! and [`ModuleBuilder::finish`]), with the builder's records of instruction ids (call
//! attribute sites, function-local metadata wrappers) renumbered to follow.

use super::attributes::{AttrSite, Attributes};
use super::error::{BuildError, BuildErrorKind};
use super::module::{FnState, ModuleBuilder};
use crate::{Body, Function, Inst, Module, ValueRef};

/// What a body rewrite did to the instruction ids: for each id before it, the id after it
/// (`None`: the instruction was removed).
pub type InstRenumbering = Vec<Option<Inst>>;

impl ModuleBuilder {
    /// The attribute sets functions were declared with, in declaration order (functions
    /// declared without attributes are left out).
    pub fn function_attribute_sets(&self) -> impl Iterator<Item = (Function, &Attributes)> {
        self.attr_sites
            .iter()
            .filter_map(|&(site, set)| match site {
                AttrSite::Function(f) => Some((f, self.attr_sets.get(set)?)),
                AttrSite::Call(..) => None,
            })
    }

    /// Rewrites the body of the defined function `f` in place. `edit` gets the module (which
    /// holds no body for `f` meanwhile), the body, and the instructions that function-local
    /// metadata wraps (which must keep existing); it returns the renumbering of the
    /// instruction ids when it changed them (`None`: every id names what it named before).
    /// The body is put back whatever `edit` returns.
    pub fn rewrite_body<E: From<BuildError>>(
        &mut self,
        f: Function,
        edit: impl FnOnce(&Module, &mut Body, &[Inst]) -> Result<Option<InstRenumbering>, E>,
    ) -> Result<(), E> {
        if self.fn_state.get(f.index()) != Some(&FnState::Defined) {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("rewrite_body: {f} has no finished body"),
            )
            .into());
        }
        let Some(mut body) = self.m.functions.get_mut(f).and_then(|d| d.body.take()) else {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("rewrite_body: {f} has no body"),
            )
            .into());
        };
        let pinned: Vec<Inst> = self
            .locals
            .iter()
            .filter(|(g, _)| *g == f)
            .flat_map(|(_, list)| list.iter())
            .filter_map(|&(_, v)| match v {
                ValueRef::Inst(i) => Some(i),
                _ => None,
            })
            .collect();
        let result = edit(&self.m, &mut body, &pinned);
        self.m.functions[f].body = Some(body);
        let Some(map) = result? else {
            return Ok(());
        };
        let new_id = |i: Inst| map.get(i.index()).copied().flatten();
        for (g, list) in &mut self.locals {
            if *g != f {
                continue;
            }
            for (_, v) in list.iter_mut() {
                if let ValueRef::Inst(i) = v {
                    *i = new_id(*i).ok_or_else(|| {
                        BuildError::new(
                            BuildErrorKind::Dangling,
                            format!("rewrite_body: {f} lost an instruction that metadata wraps"),
                        )
                    })?;
                }
            }
        }
        // A call site whose call is gone has nothing to carry its attributes.
        self.attr_sites.retain_mut(|(site, _)| match site {
            AttrSite::Call(g, i) if *g == f => match new_id(*i) {
                Some(n) => {
                    *i = n;
                    true
                }
                None => false,
            },
            _ => true,
        });
        Ok(())
    }
}
