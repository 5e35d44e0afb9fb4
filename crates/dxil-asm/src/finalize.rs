//! The end of the parse: checks that everything referenced was defined, hands the attribute
//! sites, the metadata kinds (in the order the attachment lists imply) and the
//! function-local metadata to the IR builder (whose `finish` forms and places them), and
//! turns `!dbg` references into debug locations.

use std::collections::HashMap;

use dxil_ir::build::{AttrSite as BuildSite, Attributes};
use dxil_ir::{DebugLoc, FixedMetadataKind, Function, InstKind, Metadata, MetadataData, ValueRef};

use crate::diag::Diagnostic;
use crate::parser::{AttrSite, MdUse, Parser};

impl Parser<'_> {
    /// Runs every end-of-module step; errors are recorded.
    pub fn finalize(&mut self) {
        self.check_defined();
        self.check_globals();
        self.build_attributes();
        self.build_kinds();
        self.apply_debug_locs();
        self.place_metadata_args();
        let branches = self
            .m()
            .functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .any(|b| {
                b.insts.iter().any(|i| {
                    matches!(
                        i.kind,
                        InstKind::Br { .. }
                            | InstKind::CondBr { .. }
                            | InstKind::Switch { .. }
                            | InstKind::IndirectBr { .. }
                            | InstKind::Invoke { .. }
                    )
                })
            });
        let void_insts = self
            .m()
            .functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .any(|b| b.insts.iter().any(|i| i.ty.is_none()));
        if void_insts {
            // Instructions without a result have type `void`.
            self.b.void();
        }
        if branches {
            // Block operands have type `label`.
            self.b.label();
        }
        // LLVM 3.7's ValueEnumerator always enumerates the `metadata` type.
        self.b.metadata_type();
    }

    fn check_defined(&mut self) {
        let mut errs = Vec::new();
        for (n, (_, defined, off)) in &self.md_numbers {
            if !defined {
                errs.push(Diagnostic {
                    message: format!("use of undefined metadata `!{n}`"),
                    offset: *off,
                    len: n.to_string().len() + 1,
                });
            }
        }
        for (name, (_, def)) in &self.named_types {
            if def.is_none() {
                let off = self.src.find(&format!("%{name}")).unwrap_or(0);
                errs.push(Diagnostic {
                    message: format!("use of undefined type `%{name}`"),
                    offset: off,
                    len: name.len() + 1,
                });
            }
        }
        for (n, (_, def)) in &self.numbered_types {
            if def.is_none() {
                errs.push(Diagnostic {
                    message: format!("use of undefined type `%{n}`"),
                    offset: 0,
                    len: 1,
                });
            }
        }
        errs.sort_by_key(|d| d.offset);
        for d in errs {
            self.record(d);
        }
    }

    /// Resolves each site's `#N` group references and hands the site to the IR builder.
    fn build_attributes(&mut self) {
        let specs = std::mem::take(&mut self.attr_specs);
        for (site, spec) in specs {
            let mut function = spec.func;
            // An attribute group that is never defined adds nothing: LLVM 3.7's parser merges
            // an empty attribute set for it (its group table default-constructs the entry).
            for (g, _) in &spec.groups {
                if let Some(a) = self.attr_groups.get(g) {
                    function.extend(a.iter().cloned());
                }
            }
            let site = match site {
                AttrSite::Function(f) => BuildSite::Function(f),
                AttrSite::Inst(f, i) => BuildSite::Call(f, i),
            };
            let attrs = Attributes {
                function,
                ret: spec.ret,
                params: spec.params,
            };
            self.b.set_attributes_filled(site, &attrs);
        }
    }

    fn build_kinds(&mut self) {
        let mut names: Vec<(String, u32)> =
            self.kinds.iter().map(|(n, k)| (n.clone(), *k)).collect();
        names.sort_by_key(|(_, k)| *k);
        // Custom kinds: topological order of the printed attachment order, ties by first use.
        let custom: Vec<u32> = names
            .iter()
            .filter(|(n, _)| FixedMetadataKind::from_keyword(n).is_none())
            .map(|(_, k)| *k)
            .collect();
        let mut indeg: HashMap<u32, usize> = custom.iter().map(|k| (*k, 0)).collect();
        let mut edges: Vec<(u32, u32)> = self
            .kind_edges
            .iter()
            .copied()
            .filter(|(a, b)| a != b && indeg.contains_key(a) && indeg.contains_key(b))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        for (_, b) in &edges {
            if let Some(d) = indeg.get_mut(b) {
                *d += 1;
            }
        }
        let mut order = Vec::new();
        let mut done: HashMap<u32, bool> = HashMap::new();
        while order.len() < custom.len() {
            let next = custom
                .iter()
                .find(|k| !done.contains_key(k) && indeg.get(k) == Some(&0))
                .or_else(|| custom.iter().find(|k| !done.contains_key(k)));
            let Some(&k) = next else { break };
            done.insert(k, true);
            order.push(k);
            for (a, b) in &edges {
                if *a == k {
                    if let Some(d) = indeg.get_mut(b) {
                        *d = d.saturating_sub(1);
                    }
                }
            }
        }
        let mut remap: HashMap<u32, u32> = HashMap::new();
        for fixed in FixedMetadataKind::ALL {
            if let Some(&k) = self.kinds.get(fixed.keyword()) {
                remap.insert(k, self.b.metadata_kind(fixed.keyword()));
            }
        }
        for k in order {
            if let Some((n, _)) = names.iter().find(|(_, x)| *x == k) {
                remap.insert(k, self.b.metadata_kind(n));
            }
        }
        for f in self.b.entities().functions.iter_mut() {
            for (k, _) in &mut f.attachments {
                *k = remap.get(k).copied().unwrap_or(*k);
            }
            if let Some(b) = &mut f.body {
                for inst in &mut b.insts {
                    for (k, _) in inst.attachments_mut() {
                        *k = remap.get(k).copied().unwrap_or(*k);
                    }
                }
            }
        }
    }

    fn apply_debug_locs(&mut self) {
        let refs = std::mem::take(&mut self.dbg_refs);
        for (f, i, md, off) in refs {
            let loc = match self.m().md(md) {
                Some(MetadataData::Location(l)) => DebugLoc {
                    line: u32::try_from(l.line).unwrap_or(u32::MAX),
                    col: u32::try_from(l.column).unwrap_or(u32::MAX),
                    scope: Some(l.scope),
                    inlined_at: l.inlined_at,
                },
                _ => {
                    self.record(Diagnostic {
                        message: "`!dbg` must refer to a !DILocation".into(),
                        offset: off,
                        len: 1,
                    });
                    continue;
                }
            };
            let inst = self
                .b
                .entities()
                .functions
                .get_mut(f)
                .and_then(|x| x.body.as_mut())
                .and_then(|b| b.insts.get_mut(i));
            if let Some(inst) = inst {
                inst.set_debug_loc(Some(loc));
            }
        }
    }

    /// Hands each body's function-local metadata to the builder, which places it after the
    /// module's when finishing, and points the call arguments at it.
    fn place_metadata_args(&mut self) {
        let locals = std::mem::take(&mut self.local_md);
        let mut placeholders: Vec<Vec<Metadata>> = Vec::with_capacity(locals.len());
        // One list per function, in order (the parser made one for each it reserved).
        let funcs: Vec<Function> = self.m().functions.ids().collect();
        for (f, list) in funcs.into_iter().zip(locals) {
            match self.b.local_metadata_filled(f, list) {
                Ok(ids) => placeholders.push(ids),
                Err(e) => {
                    self.record(Diagnostic {
                        message: format!("internal: {e}"),
                        offset: 0,
                        len: 0,
                    });
                    return;
                }
            }
        }
        let uses = std::mem::take(&mut self.md_args);
        for (f, i, pos, u) in uses {
            let id = match u {
                MdUse::Module(m) => Some(m),
                MdUse::Local(lf, k) => placeholders
                    .get(lf)
                    .and_then(|ids| ids.get(k as usize))
                    .copied(),
            };
            let inst = self
                .b
                .entities()
                .functions
                .get_mut(f)
                .and_then(|x| x.body.as_mut())
                .and_then(|b| Some((b.insts.get(i)?.kind, b)));
            if let (
                Some((InstKind::Call { args, .. } | InstKind::Invoke { args, .. }, body)),
                Some(id),
            ) = (inst, id)
            {
                if let Some(a) = body.list_mut(args).get_mut(pos) {
                    *a = ValueRef::Metadata(id);
                }
            }
        }
    }
}
