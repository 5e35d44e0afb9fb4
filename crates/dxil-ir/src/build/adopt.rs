//! Adopting an existing module ([`ModuleBuilder::from_module`]): its types, constants,
//! metadata, names, sections, GC names and metadata kinds are indexed so that interning finds
//! them, and its entities stay as they are.
//!
//! What adoption keeps:
//! - Function bodies already present are kept as they are: the builder never changes them
//!   (they cannot be defined again), and [`ModuleBuilder::finish`] only renumbers their
//!   function-local metadata, which moves to stay after the module's (new module metadata
//!   is appended to the module's). Declared functions can be defined.
//! - Attribute groups and lists stay as they are unless a function or call with attributes
//!   is added; then they are formed again for all sites (the adopted ones read back with
//!   [`super::attributes_of`]), in LLVM's enumeration order.
//! - The metadata kind table keeps its ids; new kinds are numbered after the largest.
//! - Constants made after adoption are appended to [`Module::module_constants`] (they are
//!   module-level), so that list stays complete when the adopted one was.
//!
//! Interning reuses the first of equal entries in arena order. Constants that a body lists
//! ([`crate::Body::constants`]) are that function's and are not reused at module level;
//! metadata after [`Module::module_metadata_count`] is function-local and not reused.

use super::attributes::{attributes_of, AttrSite, Attributes};

/// Attribute sites (each naming its set by index) and the sets.
pub(crate) type SitesAndSets = (Vec<(AttrSite, u32)>, Vec<Attributes>);
use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::intern::hash_of;
use super::kinds::MetadataKinds;
use super::module::{FnState, ModuleBuilder};
use crate::{
    Const, Function, InstKind, Metadata, MetadataData, Module, SecondaryMap, TypeData, ValueRef,
};

/// What adoption sets aside until [`ModuleBuilder::finish`].
#[derive(Debug)]
pub(crate) struct Adopted {
    /// [`Module::module_metadata_count`] at adoption.
    md_count: u32,
    /// The function-local metadata that followed the module's, moved out so that new module
    /// metadata can be appended.
    locals: Vec<MetadataData>,
    /// Constants in the arena at adoption; later ones were made by the builder.
    consts: usize,
    /// Functions at adoption.
    functions: usize,
    /// Functions whose bodies were adopted.
    bodies: Vec<Function>,
}

impl ModuleBuilder {
    /// A builder over `m`: interning finds `m`'s types, constants and metadata, names and
    /// kinds are taken, and what `m` holds is kept (see the module documentation for
    /// bodies, attributes, kinds and constants). `m` must pass [`Module::check_ids`];
    /// modules from `dxil_bitcode::read_module` and the text parser do.
    pub fn from_module(mut m: Module) -> BuildResult<ModuleBuilder> {
        m.check_ids().map_err(|e| {
            BuildError::new(
                BuildErrorKind::Dangling,
                format!("adopt: the module holds an id that names nothing: {e}"),
            )
        })?;
        let mut b = ModuleBuilder::new();
        for (id, data) in m.types.iter_with_ids() {
            match data {
                TypeData::Struct(s) if s.identified => {
                    if let Some(name) = &s.name {
                        let h = hash_of(name.as_str());
                        let types = &m.types;
                        let known = b.struct_names.find(h, |x| match &types[x as usize] {
                            TypeData::Struct(s) => s.name.as_deref() == Some(name.as_str()),
                            _ => false,
                        });
                        if known.is_none() {
                            b.struct_names.insert(h, id.0);
                        }
                    }
                }
                _ => {
                    let h = hash_of(data);
                    let types = &m.types;
                    if b.type_index
                        .find(h, |x| types[x as usize] == *data)
                        .is_none()
                    {
                        b.type_index.insert(h, id.0);
                    }
                }
            }
        }
        let mut local_const: SecondaryMap<Const, bool> =
            SecondaryMap::filled(m.constants.len(), false);
        let mut bodies = Vec::new();
        for (f, func) in m.functions.iter_with_ids() {
            b.fn_state.push(match &func.body {
                Some(body) => {
                    bodies.push(f);
                    for c in &body.constants {
                        if let Some(local) = local_const.get_mut(*c) {
                            *local = true;
                        }
                    }
                    FnState::Defined
                }
                None => FnState::Declared,
            });
        }
        for (id, data) in m.constants.iter_with_ids() {
            if local_const[id] {
                continue;
            }
            let h = super::constants::const_hash(&m.pools, data);
            let (consts, pools) = (&m.constants, &m.pools);
            if b.const_index
                .find(h, |x| {
                    super::constants::const_eq(pools, &consts[x as usize], data)
                })
                .is_none()
            {
                b.const_index.insert(h, id.0);
            }
        }
        let md_count = m.module_metadata_count;
        let mut module_md = std::mem::take(&mut m.metadata).into_vec();
        let locals = module_md.split_off(md_count as usize);
        m.metadata = module_md.into();
        for (id, data) in m.metadata.iter_with_ids() {
            if data.is_distinct(&m.pools) {
                continue;
            }
            let h = super::md_hash::md_hash(&m.pools, data);
            let (mds, pools) = (&m.metadata, &m.pools);
            if b.md_index
                .find(h, |x| super::md_hash::md_eq(pools, &mds[x as usize], data))
                .is_none()
            {
                b.md_index.insert(h, id.0);
            }
        }
        for &g in &m.global_values {
            if let Some(name) = m.global_name(g).filter(|n| !n.is_empty()) {
                // A name listed twice keeps its first value.
                let h = hash_of(name);
                let list = &b.name_list;
                if b.names
                    .find(h, |i| m.global_name(list[i as usize]) == Some(name))
                    .is_none()
                {
                    b.add_name(h, g);
                }
            }
        }
        for (i, &name) in m.section_names.iter().enumerate() {
            let name = m.name_str(name).to_string();
            b.sections.entry(name).or_insert(i as u32 + 1);
        }
        for (i, &name) in m.gc_names.iter().enumerate() {
            let name = m.name_str(name).to_string();
            b.gcs.entry(name).or_insert(i as u32 + 1);
        }
        b.kinds = MetadataKinds::from_table(&m.metadata_kinds);
        // The adopted bodies and tables were not built by calls that check each id.
        b.raw_ids = true;
        b.adopted = Some(Box::new(Adopted {
            md_count,
            locals,
            consts: m.constants.len(),
            functions: m.functions.len(),
            bodies,
        }));
        b.m = m;
        Ok(b)
    }

    /// The attribute sites to form the tables from; `None` keeps an adopted module's tables
    /// (nothing with attributes was added).
    pub(crate) fn attribute_sites(&mut self) -> BuildResult<Option<SitesAndSets>> {
        let mut sites = std::mem::take(&mut self.attr_sites);
        let mut sets = std::mem::take(&mut self.attr_sets);
        let Some(a) = self.adopted.as_deref() else {
            return Ok(Some((sites, sets.into_sets())));
        };
        if sites.is_empty() {
            return Ok(None);
        }
        let m = &self.m;
        for (f, func) in m.functions.iter_with_ids().take(a.functions) {
            if func.attributes != 0 {
                let set = sets.intern(&attributes_of(m, func.attributes)?);
                sites.push((AttrSite::Function(f), set));
            }
        }
        for &f in &a.bodies {
            let Some(body) = m.functions[f].body.as_ref() else {
                continue;
            };
            for (i, inst) in body.insts.iter_with_ids() {
                if let InstKind::Call { attributes, .. } | InstKind::Invoke { attributes, .. } =
                    &inst.kind
                {
                    if *attributes != 0 {
                        let set = sets.intern(&attributes_of(m, *attributes)?);
                        sites.push((AttrSite::Call(f, i), set));
                    }
                }
            }
        }
        Ok(Some((sites, sets.into_sets())))
    }

    /// Puts an adopted module's function-local metadata back after the module's (whose count
    /// is set), renumbering the references of the adopted bodies, and lists the constants
    /// made since adoption as module constants.
    pub(crate) fn place_adopted(&mut self) {
        let Some(a) = self.adopted.take() else {
            return;
        };
        let Adopted {
            md_count,
            locals,
            consts,
            bodies,
            ..
        } = *a;
        let new_count = self.m.module_metadata_count;
        if new_count != md_count && !locals.is_empty() {
            let moved = |md: &mut Metadata| {
                if md.0 >= md_count {
                    md.0 = md.0 - md_count + new_count;
                }
            };
            for &f in &bodies {
                let Some(body) = self.m.functions[f].body.as_mut() else {
                    continue;
                };
                body.local_metadata.iter_mut().for_each(moved);
                for inst in body.insts.iter_mut() {
                    inst.kind.for_each_operand_mut(&mut body.pool, |v| {
                        if let ValueRef::Metadata(md) = v {
                            moved(md);
                        }
                    });
                }
            }
        }
        self.m.metadata.extend(locals);
        let made = self.m.constants.ids().skip(consts);
        self.m.module_constants.extend(made);
    }
}
