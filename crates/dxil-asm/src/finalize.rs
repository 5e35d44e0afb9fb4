//! The end of the parse: checks that everything referenced was defined, builds attribute
//! groups and lists in LLVM's enumeration order, orders the metadata kind table, turns `!dbg`
//! references into debug locations, and places function-local metadata after the module's.

use std::collections::HashMap;

use dxil_ir::{
    Attribute, AttributeGroup, AttributeList, DebugLoc, FixedMetadataKind, InstKind, Metadata,
    MetadataData, MetadataKind, ValueRef,
};

use crate::diag::Diagnostic;
use crate::parser::{AttrSite, MdUse, Parser};

fn attr_rank(a: &Attribute) -> (u8, u64, String, String) {
    match a {
        Attribute::Enum(c) => (0, u64::from(*c), String::new(), String::new()),
        Attribute::Int(c, v) => (
            1,
            (u64::from(*c) << 40) | (*v & 0xff_ffff_ffff),
            String::new(),
            String::new(),
        ),
        Attribute::String { key, value } => (2, 0, key.clone(), value.clone().unwrap_or_default()),
    }
}

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
            .m
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
            .m
            .functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .any(|b| b.insts.iter().any(|i| i.ty.is_none()));
        if void_insts {
            // Instructions without a result have type `void`.
            self.intern_type(dxil_ir::TypeData::Void);
        }
        if branches {
            // Block operands have type `label`.
            self.intern_type(dxil_ir::TypeData::Label);
        }
        // LLVM 3.7's ValueEnumerator always enumerates the `metadata` type.
        self.intern_type(dxil_ir::TypeData::Metadata);
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

    fn build_attributes(&mut self) {
        let mut specs = std::mem::take(&mut self.attr_specs);
        specs.sort_by_key(|(site, _)| match site {
            AttrSite::Function(f) => (0, *f, 0),
            AttrSite::Inst(f, i) => (1, *f, *i),
        });
        let mut group_ids: HashMap<(u32, String), u32> = HashMap::new();
        let mut list_ids: HashMap<Vec<u32>, u32> = HashMap::new();
        for (site, spec) in specs {
            let mut func = spec.func.clone();
            // An attribute group that is never defined adds nothing: LLVM 3.7's parser merges
            // an empty attribute set for it (its group table default-constructs the entry).
            for (g, _) in &spec.groups {
                if let Some(a) = self.attr_groups.get(g) {
                    func.extend(a.iter().cloned());
                }
            }
            let mut slots: Vec<(u32, Vec<Attribute>)> = Vec::new();
            if !spec.ret.is_empty() {
                slots.push((0, spec.ret.clone()));
            }
            for (i, p) in spec.params.iter().enumerate() {
                if !p.is_empty() {
                    slots.push((i as u32 + 1, p.clone()));
                }
            }
            if !func.is_empty() {
                slots.push((u32::MAX, func));
            }
            if slots.is_empty() {
                continue;
            }
            let mut groups = Vec::new();
            for (index, mut attrs) in slots {
                attrs.sort_by_key(attr_rank);
                attrs.dedup();
                let next = group_ids.len() as u32 + 1;
                let id = *group_ids
                    .entry((index, format!("{attrs:?}")))
                    .or_insert_with(|| {
                        self.m.attribute_groups.push(AttributeGroup {
                            id: next,
                            index,
                            attrs,
                        });
                        next
                    });
                groups.push(id);
            }
            let next = list_ids.len() as u32 + 1;
            let list = *list_ids.entry(groups.clone()).or_insert_with(|| {
                self.m.attribute_lists.push(AttributeList {
                    groups: groups.into_boxed_slice(),
                });
                next
            });
            match site {
                AttrSite::Function(f) => {
                    if let Some(func) = self.m.functions.as_mut_slice().get_mut(f) {
                        func.attributes = list;
                    }
                }
                AttrSite::Inst(f, i) => {
                    let inst = self
                        .m
                        .functions
                        .as_mut_slice()
                        .get_mut(f)
                        .and_then(|x| x.body.as_mut())
                        .and_then(|b| b.insts.as_mut_slice().get_mut(i));
                    if let Some(inst) = inst {
                        match &mut inst.kind {
                            InstKind::Call { attributes, .. }
                            | InstKind::Invoke { attributes, .. } => *attributes = list,
                            _ => {}
                        }
                    }
                }
            }
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
        self.m.metadata_kinds.clear();
        for fixed in FixedMetadataKind::ALL {
            let id = fixed.code() as u32;
            self.m.metadata_kinds.push(MetadataKind {
                id,
                name: fixed.keyword().to_string(),
            });
            if let Some(&k) = self.kinds.get(fixed.keyword()) {
                remap.insert(k, id);
            }
        }
        for k in order {
            let id = self.m.metadata_kinds.len() as u32;
            if let Some((n, _)) = names.iter().find(|(_, x)| *x == k) {
                self.m.metadata_kinds.push(MetadataKind {
                    id,
                    name: n.clone(),
                });
            }
            remap.insert(k, id);
        }
        for f in &mut self.m.functions {
            for (k, _) in &mut f.attachments {
                *k = remap.get(k).copied().unwrap_or(*k);
            }
            if let Some(b) = &mut f.body {
                for inst in &mut b.insts {
                    for (k, _) in &mut inst.attachments {
                        *k = remap.get(k).copied().unwrap_or(*k);
                    }
                }
            }
        }
    }

    fn apply_debug_locs(&mut self) {
        let refs = std::mem::take(&mut self.dbg_refs);
        for (f, i, md, off) in refs {
            let loc = match self.m.md(md) {
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
                .m
                .functions
                .as_mut_slice()
                .get_mut(f)
                .and_then(|x| x.body.as_mut())
                .and_then(|b| b.insts.as_mut_slice().get_mut(i));
            if let Some(inst) = inst {
                inst.debug_loc = Some(loc);
            }
        }
    }

    fn place_metadata_args(&mut self) {
        self.m.module_metadata_count = self.m.metadata.len() as u32;
        let locals = std::mem::take(&mut self.local_md);
        let mut base: Vec<u32> = Vec::with_capacity(locals.len());
        for (f, list) in locals.into_iter().enumerate() {
            base.push(self.m.metadata.len() as u32);
            let mut ids = Vec::with_capacity(list.len());
            for (ty, value) in list {
                ids.push(self.push_md(MetadataData::Value { ty, value }));
            }
            if let Some(b) = self
                .m
                .functions
                .as_mut_slice()
                .get_mut(f)
                .and_then(|x| x.body.as_mut())
            {
                b.local_metadata = ids;
            }
        }
        let uses = std::mem::take(&mut self.md_args);
        for (f, i, pos, u) in uses {
            let id = match u {
                MdUse::Module(m) => m,
                MdUse::Local(lf, k) => Metadata(base.get(lf).copied().unwrap_or(0) + k),
            };
            let inst = self
                .m
                .functions
                .as_mut_slice()
                .get_mut(f)
                .and_then(|x| x.body.as_mut())
                .and_then(|b| b.insts.as_mut_slice().get_mut(i));
            if let Some(inst) = inst {
                if let InstKind::Call { args, .. } | InstKind::Invoke { args, .. } = &mut inst.kind
                {
                    if let Some(a) = args.get_mut(pos) {
                        *a = ValueRef::Metadata(id);
                    }
                }
            }
        }
    }
}
