//! The module's sections of the `dxc -dumpbin` header: entry signatures (from the printed
//! module's metadata), buffer definitions, resource bindings and ViewId state (from the
//! reflection module: the `STAT` part's module when the container has one, else the
//! printed module). Layout of each section as the reference disassembler prints it.

use std::fmt::Write;

use dxil_container::ShaderKind;
use dxil_ir::{Module, Type, TypeData};
use dxil_module::layout::DataLayout;
use dxil_module::md::Md;
use dxil_module::model::{FieldAnnotation, Resource, ResourceClass, SignatureElement, Subobject};
use dxil_module::shader_flags::{bit, mask};
use dxil_module::view::ModuleView;
use dxil_parts::names::{sv_semantic_name, ComponentType, ResourceKind, SemanticKind};
use dxil_parts::rdat::SubobjectData;
use dxil_parts::ViewIdState;

use super::parts::{print_view_id_state, EntrySignature, EntrySignatureRow, ModuleHeader};

/// The header sections of a printed module with its reflection module.
pub struct ModuleSections<'m> {
    /// The printed module.
    pub main: &'m ModuleView<'m>,
    /// The reflection module (the printed one when there is no `STAT` module).
    pub reflection: &'m ModuleView<'m>,
}

/// The dimension column for a stored shape: the kind's spelling, `invalid` for values
/// outside `ResourceKind`.
fn dim_name(shape: u32) -> &'static str {
    ResourceKind::from_raw(shape).map_or("invalid", ResourceKind::dim_name)
}

fn left(out: &mut String, s: &str, w: usize) {
    out.push_str(s);
    for _ in s.chars().count()..w {
        out.push(' ');
    }
}

fn right(out: &mut String, s: &str, w: usize) {
    for _ in s.chars().count()..w {
        out.push(' ');
    }
    out.push_str(s);
}

fn indent(out: &mut String, n: usize) {
    out.push(';');
    for _ in 0..n {
        out.push(' ');
    }
}

fn element_rows(list: &Option<Vec<SignatureElement>>) -> EntrySignature {
    list.iter()
        .flatten()
        .map(|e| {
            let kind = SemanticKind::from_u32(u32::from(e.semantic_kind));
            let name = match kind {
                Some(k) if k != SemanticKind::Arbitrary => sv_semantic_name(k).map(str::to_string),
                _ => None,
            }
            .unwrap_or_else(|| e.name.clone());
            EntrySignatureRow {
                name,
                index: e.semantic_indices.first().copied().unwrap_or(0),
                interpolation_mode: e.interpolation_mode,
                dyn_index_mask: e.dyn_idx_comp_mask() as u8,
            }
        })
        .collect()
}

/// A struct type's element types.
fn struct_elems(m: &Module, ty: Type) -> Option<&[Type]> {
    match m.ty(ty)? {
        TypeData::Struct(s) => Some(&s.elems),
        _ => None,
    }
}

fn struct_name(m: &Module, ty: Type) -> &str {
    match m.ty(ty) {
        Some(TypeData::Struct(s)) => s.name.as_deref().unwrap_or(""),
        _ => "",
    }
}

fn is_hl_matrix(m: &Module, ty: Type) -> bool {
    matches!(m.ty(ty), Some(TypeData::Struct(s)) if s.name.as_deref().is_some_and(|n| n.starts_with("class.matrix.")))
}

fn pointee(m: &Module, ty: Type) -> Option<Type> {
    match m.ty(ty)? {
        TypeData::Pointer { pointee, .. } => Some(*pointee),
        _ => None,
    }
}

fn array_elem(m: &Module, ty: Type) -> Option<Type> {
    match m.ty(ty)? {
        TypeData::Array { elem, .. } => Some(*elem),
        _ => None,
    }
}

/// The pointee of a resource's symbol type (the HLSL type).
fn hlsl_pointee(m: &Module, r: &Resource) -> Option<Type> {
    match &r.base.symbol {
        Md::Value { ty, .. } => pointee(m, *ty),
        _ => None,
    }
}

/// Buffer layout printer state.
struct Layout<'a> {
    view: &'a ModuleView<'a>,
    dl: DataLayout,
    min_precision: bool,
    depth: usize,
    /// Fields left to print (nested structs repeat their fields at each use).
    budget: usize,
}

/// Most fields printed for one module.
const FIELD_BUDGET: usize = 1 << 20;

const OFFSET_INDENT: usize = 50;

impl Layout<'_> {
    fn m(&self) -> &Module {
        self.view.module
    }

    fn offset_tail(out: &mut String, offset: u32, size: u32) {
        out.push_str("; Offset:");
        right(out, &offset.to_string(), 5);
        if size != 0 {
            out.push_str(" Size: ");
            right(out, &size.to_string(), 5);
        }
        out.push('\n');
    }

    fn type_and_name(&self, ty: Type, fa: &FieldAnnotation, name: &str, array_size: u64) -> String {
        let mut ty = ty;
        let mut guard = 0;
        while let Some(e) = array_elem(self.m(), ty) {
            ty = e;
            guard += 1;
            if guard > 64 {
                break;
            }
        }
        // A value outside `ComponentType` prints as `invalid`.
        let comp_name = ComponentType::from_raw(fa.comp_type().unwrap_or(0))
            .map_or("invalid", |c| c.hlsl_name(self.min_precision));
        let mut s = String::new();
        if let Some((rows, cols, orientation)) = fa.matrix() {
            match orientation {
                1 => s.push_str("row_major "),
                2 => s.push_str("column_major "),
                _ => {}
            }
            let _ = write!(s, "{comp_name}{rows}x{cols}");
        } else if let Some(TypeData::Vector { len, .. }) = self.m().ty(ty) {
            let _ = write!(s, "{comp_name}{len}");
        } else {
            s.push_str(comp_name);
        }
        s.push(' ');
        s.push_str(name);
        if array_size != 0 {
            let _ = write!(s, "[{array_size}]");
        }
        s.push(';');
        s
    }

    #[allow(clippy::too_many_arguments)]
    fn field(
        &mut self,
        out: &mut String,
        ty: Type,
        fa: &FieldAnnotation,
        name: &str,
        use_dl: bool,
        offset: u32,
        ind: usize,
        off_ind: usize,
        size: u32,
    ) {
        let m = self.view.module;
        let is_struct = matches!(m.ty(ty), Some(TypeData::Struct(_)));
        let matrix = fa.matrix();
        if is_struct && matrix.is_none() {
            self.structure(out, ty, use_dl, name, offset, ind, off_ind, 0);
            return;
        }
        let mut elt = ty;
        let mut array_size: u64 = 0;
        let mut level = 0;
        if !is_hl_matrix(m, elt) && array_elem(m, elt).is_some() {
            array_size = 1;
            while !is_hl_matrix(m, elt) && level < 64 {
                let Some(TypeData::Array { len, elem }) = m.ty(elt) else {
                    break;
                };
                array_size = array_size.wrapping_mul(*len);
                elt = *elem;
                level += 1;
            }
        }
        let mut elt_is_struct = matches!(m.ty(elt), Some(TypeData::Struct(_)));
        if let Some((rows, cols, orientation)) = matrix {
            match orientation {
                1 if rows != 0 => array_size /= u64::from(rows),
                2 if cols != 0 => array_size /= u64::from(cols),
                _ => {}
            }
            if matches!(m.ty(elt), Some(TypeData::Vector { .. })) {
                elt_is_struct = false;
            } else if elt_is_struct {
                // The matrix's register element type: not a struct.
                elt_is_struct = false;
            }
            if level == 1 {
                array_size = 0;
            }
        }
        if !is_hl_matrix(m, elt) && elt_is_struct {
            let mut n = name.to_string();
            if array_size != 0 {
                let _ = write!(n, "[{array_size}]");
            }
            n.push(';');
            self.structure(out, elt, use_dl, &n, offset, ind, off_ind, 0);
        } else {
            indent(out, ind);
            let s = self.type_and_name(ty, fa, name, array_size);
            left(out, &s, off_ind);
            Self::offset_tail(out, offset, size);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn structure(
        &mut self,
        out: &mut String,
        ty: Type,
        use_dl: bool,
        var: &str,
        offset: u32,
        ind: usize,
        off_ind: usize,
        size: u32,
    ) {
        self.depth += 1;
        let m = self.view.module;
        indent(out, ind);
        out.push_str("struct ");
        out.push_str(struct_name(m, ty));
        out.push('\n');
        indent(out, ind);
        out.push_str("{\n;\n");
        let field_ind = ind + 4;
        let annotation = self.view.metadata.struct_annotation(ty);
        match annotation {
            _ if self.depth > 32 => {}
            None if size == 0 => {
                indent(out, field_ind);
                out.push_str("/* empty struct */\n");
            }
            None => {
                indent(out, field_ind);
                let _ = writeln!(out, "[{size} x i8] (type annotation not present)");
            }
            Some(a) => {
                let elems = struct_elems(m, ty).unwrap_or(&[]);
                for (i, (&ety, fa)) in elems.iter().zip(&a.fields).enumerate() {
                    if self.budget == 0 {
                        break;
                    }
                    self.budget -= 1;
                    let foff = if use_dl {
                        offset.wrapping_add(self.dl.element_offset(m, ty, i).unwrap_or(0) as u32)
                    } else {
                        offset.wrapping_add(fa.cbuffer_offset().unwrap_or(u32::MAX))
                    };
                    let name = fa.name().unwrap_or("").to_string();
                    self.field(
                        out,
                        ety,
                        fa,
                        &name,
                        use_dl,
                        foff,
                        field_ind,
                        off_ind.saturating_sub(4),
                        0,
                    );
                }
            }
        }
        indent(out, ind);
        out.push('\n');
        indent(out, ind);
        out.push_str("} ");
        left(out, &format!("{var};"), off_ind.saturating_sub(2));
        Self::offset_tail(out, offset, size);
        out.push_str(";\n");
        self.depth -= 1;
    }

    fn cbuffer(&mut self, out: &mut String, r: &Resource, tbuffer: bool) {
        let m = self.view.module;
        let mut ty = hlsl_pointee(m, r);
        if let Some(e) = ty.and_then(|t| array_elem(m, t)) {
            ty = Some(e);
        }
        let ty = ty.filter(|&t| struct_elems(m, t).is_some());
        let annotation = ty.and_then(|t| self.view.metadata.struct_annotation(t));
        let _ = writeln!(
            out,
            "; {} {}\n; {{\n;",
            if tbuffer { "tbuffer" } else { "cbuffer" },
            r.base.name
        );
        match (ty, annotation) {
            (Some(t), Some(a)) => {
                let size = if tbuffer {
                    a.cbuffer_size
                } else {
                    r.shape_or_size
                };
                self.structure(out, t, false, &r.base.name, 0, 3, OFFSET_INDENT, size);
            }
            _ if tbuffer => out.push_str(";   (type annotation not present)\n;\n"),
            _ => {
                let _ = writeln!(
                    out,
                    ";   [{} x i8] (type annotation not present)\n;",
                    r.shape_or_size
                );
            }
        }
        out.push_str("; }\n;\n");
    }

    fn structured(&mut self, out: &mut String, r: &Resource) {
        let m = self.view.module;
        let _ = writeln!(out, "; Resource bind info for {}\n; {{\n;", r.base.name);
        let mut st = hlsl_pointee(m, r);
        let mut guard = 0;
        while let Some(e) = st.and_then(|t| array_elem(m, t)) {
            st = Some(e);
            guard += 1;
            if guard > 64 {
                break;
            }
        }
        let st = st.filter(|&t| struct_elems(m, t).is_some_and(|e| !e.is_empty()));
        let Some(st) = st else {
            out.push_str("; }\n;\n");
            return;
        };
        let ret = struct_elems(m, st)
            .and_then(|e| e.first().copied())
            .unwrap_or(st);
        let alloc = |t: Type| self.dl.type_alloc_size(m, t).unwrap_or(0) as u32;
        let ret_is_struct = matches!(m.ty(ret), Some(TypeData::Struct(_)));
        if !ret_is_struct || is_hl_matrix(m, ret) {
            match self.view.metadata.struct_annotation(st) {
                None => {
                    let _ = writeln!(
                        out,
                        ";   [{} x i8] (type annotation not present)",
                        alloc(st)
                    );
                }
                Some(a) => {
                    let fa = a.fields.first().cloned().unwrap_or_default();
                    let size = alloc(st);
                    self.field(out, ret, &fa, "$Element", false, 0, 3, OFFSET_INDENT, size);
                }
            }
            out.push_str(";\n");
        } else {
            match self.view.metadata.struct_annotation(ret) {
                None => {
                    let _ = writeln!(
                        out,
                        ";   [{} x i8] (type annotation not present)",
                        alloc(ret)
                    );
                }
                Some(_) => {
                    let size = alloc(ret);
                    self.structure(out, ret, true, "$Element", 0, 3, OFFSET_INDENT, size);
                }
            }
        }
        out.push_str("; }\n;\n");
    }
}

fn resource_line(out: &mut String, r: &Resource) {
    out.push_str("; ");
    left(out, &r.base.name, 31);
    let (id_prefix, bind_prefix) = (r.class.id_prefix(), r.class.bind_prefix());
    right(out, r.class.binding_type_name(), 10);
    let kind = r.kind();
    let (format, dim): (String, String) = match r.class {
        ResourceClass::CBuffer | ResourceClass::Sampler => ("NA".into(), "NA".into()),
        _ => {
            let format = match kind {
                Some(ResourceKind::RawBuffer) => "byte".into(),
                Some(ResourceKind::StructuredBuffer) => "struct".into(),
                // An unknown or absent element type prints as `invalid`.
                _ => r
                    .element_type()
                    .unwrap_or(ComponentType::Invalid)
                    .type_name()
                    .into(),
            };
            let dim = match kind {
                Some(ResourceKind::RawBuffer | ResourceKind::StructuredBuffer) => match r.class {
                    ResourceClass::SRV => "r/o".into(),
                    _ if r.has_counter => "r/w+cnt".into(),
                    _ => "r/w".into(),
                },
                Some(ResourceKind::TypedBuffer) => "buf".into(),
                Some(ResourceKind::Texture2DMS | ResourceKind::Texture2DMSArray) => {
                    let mut d = dim_name(r.shape_or_size).to_string();
                    if r.sample_count != 0 {
                        d.push_str(&r.sample_count.to_string());
                    }
                    d
                }
                _ => dim_name(r.shape_or_size).into(),
            };
            (format, dim)
        }
    };
    right(out, &format, 8);
    right(out, &dim, 12);
    right(out, &format!("{id_prefix}{}", r.base.id), 8);
    let mut bind = format!("{bind_prefix}{}", r.base.lower_bound);
    if r.base.space != 0 {
        let _ = write!(bind, ",space{}", r.base.space);
    }
    right(out, &bind, 15);
    if r.base.range_size == u32::MAX {
        right(out, "unbounded", 6);
    } else {
        right(out, &r.base.range_size.to_string(), 6);
    }
    out.push('\n');
}

impl ModuleHeader for ModuleSections<'_> {
    fn is_dxil(&self) -> bool {
        self.main.metadata.version.is_some()
    }

    fn shader_kind(&self) -> Option<ShaderKind> {
        self.main.metadata.shader_kind()
    }

    fn entry_signatures(&self) -> [EntrySignature; 3] {
        let sigs = self
            .main
            .metadata
            .entry_points
            .as_ref()
            .and_then(|e| e.first())
            .and_then(|e| e.signatures.as_ref());
        match sigs {
            Some(s) => [
                element_rows(&s.input),
                element_rows(&s.output),
                element_rows(&s.patch_constant),
            ],
            None => Default::default(),
        }
    }

    fn print_buffer_definitions(&self, out: &mut String) -> bool {
        out.push_str(";\n; Buffer Definitions:\n;\n");
        let view = self.reflection;
        let mut l = Layout {
            view,
            dl: DataLayout::of(view.module),
            min_precision: view.shader_flags() & mask(bit::USE_NATIVE_LOW_PRECISION) == 0,
            depth: 0,
            budget: FIELD_BUDGET,
        };
        let Some(res) = view.metadata.resources.as_ref() else {
            return true;
        };
        for r in res.of(ResourceClass::CBuffer) {
            l.cbuffer(out, r, false);
        }
        for r in res.of(ResourceClass::SRV) {
            match r.kind() {
                Some(ResourceKind::StructuredBuffer) => l.structured(out, r),
                Some(ResourceKind::TBuffer) => l.cbuffer(out, r, true),
                _ => {}
            }
        }
        for r in res.of(ResourceClass::UAV) {
            if r.kind() == Some(ResourceKind::StructuredBuffer) {
                l.structured(out, r);
            }
        }
        true
    }

    fn print_resource_bindings(&self, out: &mut String) -> bool {
        out.push_str(";\n; Resource Bindings:\n;\n");
        out.push_str("; Name                                 Type  Format         Dim      ID      HLSL Bind  Count\n");
        out.push_str("; ------------------------------ ---------- ------- ----------- ------- -------------- ------\n");
        if let Some(res) = self.reflection.metadata.resources.as_ref() {
            for (_, r) in res.in_binding_order() {
                resource_line(out, r);
            }
        }
        out.push_str(";\n");
        true
    }

    fn print_view_id_state(&self, out: &mut String) -> bool {
        let view = self.reflection;
        let (Some(data), Some(kind)) = (
            view.metadata.view_id_state.as_ref(),
            view.metadata.shader_kind(),
        ) else {
            return false;
        };
        let uses = view.shader_flags() & mask(bit::VIEW_ID) != 0;
        match ViewIdState::deserialize(data, kind, uses) {
            Ok(s) => {
                print_view_id_state(&s, kind, out);
                true
            }
            Err(_) => false,
        }
    }

    fn print_subobjects(&self, out: &mut String) -> bool {
        let Some(list) = self.main.metadata.subobjects.as_ref() else {
            return false;
        };
        print_module_subobjects(list, out)
    }
}

/// Prints `dx.subobjects` as the reference does: in metadata order (its subobject map keeps
/// insertion order; a repeated name keeps the first), root signatures with their text when
/// they have one.
fn print_module_subobjects(list: &[Subobject], out: &mut String) -> bool {
    let mut seen = std::collections::HashSet::new();
    let sorted: Vec<&Subobject> = list
        .iter()
        .filter(|s| seen.insert(s.name.as_str()))
        .collect();
    let mut parts = Vec::with_capacity(sorted.len());
    let mut texts = Vec::new();
    for s in &sorted {
        let Some(part) = s.to_part() else {
            continue;
        };
        if let SubobjectData::RootSignature { data } = &s.data {
            if !s.text.is_empty() {
                texts.push((part.kind, s.name.clone(), data.len(), s.text.clone()));
            }
        }
        parts.push(part);
    }
    let mut text = String::new();
    if !super::parts::print_subobjects(&parts, false, &mut text) {
        return false;
    }
    for (kind, name, size, rs_text) in texts {
        let plain = format!(";  {} {} = {{ <{size} bytes> }};\n", kind.name(), name);
        let with = format!(
            ";  {} {} = {{ <{size} bytes>, \"{rs_text}\" }};\n",
            kind.name(),
            name
        );
        text = text.replacen(&plain, &with, 1);
    }
    out.push_str(&text);
    true
}
