//! The `; Buffer Definitions:` section of module text's header (`dxc -dumpbin`), read back
//! into struct annotations (DXIL.rst "Type annotations": field name, constant buffer offset,
//! component type, matrix shape) for the struct types of the module's resources.

use dxil_ir::{ConstData, ConstKind, Module, Type, TypeData, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{
    DxilMetadata, FieldAnnotation, FieldProperty, Resource, ResourceClass, StructAnnotation,
    TypeAnnotations,
};
use dxil_parts::names::ComponentType;

/// Most nested struct levels read.
const MAX_DEPTH: usize = 32;

/// One printed member: a field line or a struct block.
#[derive(Debug)]
enum Item {
    Field {
        decl: String,
        offset: u32,
    },
    Struct {
        items: Vec<Item>,
        var: String,
        offset: u32,
        size: u32,
    },
}

/// One buffer of the section: `cbuffer`/`tbuffer` NAME or `Resource bind info for` NAME.
#[derive(Debug)]
struct Buffer {
    name: String,
    structured: bool,
    /// Printed as `cbuffer NAME` (a `CBV`; `tbuffer`s and structured buffers are SRVs or
    /// UAVs).
    cbv: bool,
    body: Option<Item>,
}

fn offset_of(s: &str) -> Option<(u32, u32)> {
    let (_, tail) = s.split_once("; Offset:")?;
    let mut parts = tail.split("Size:");
    let off = parts.next()?.trim().parse().ok()?;
    let size = match parts.next() {
        Some(s) => s.trim().parse().ok()?,
        None => 0,
    };
    Some((off, size))
}

/// Reads a struct block starting at `lines[*i]` (`struct T`).
fn read_struct(lines: &[&str], i: &mut usize, depth: usize) -> Option<Item> {
    if depth > MAX_DEPTH {
        return None;
    }
    *i += 1;
    if lines.get(*i)?.trim() != "{" {
        return None;
    }
    *i += 1;
    let mut items = Vec::new();
    loop {
        let l = lines.get(*i)?.trim();
        // An empty struct prints `/* empty struct */` for want of an annotation.
        if l.is_empty() || l == "/* empty struct */" {
            *i += 1;
        } else if l.starts_with("struct ") {
            items.push(read_struct(lines, i, depth + 1)?);
        } else if let Some(rest) = l.strip_prefix('}') {
            let (offset, size) = offset_of(rest)?;
            let var = rest.split(';').next()?.trim().to_string();
            *i += 1;
            return Some(Item::Struct {
                items,
                var,
                offset,
                size,
            });
        } else {
            let (offset, _) = offset_of(l)?;
            let decl = l.split(';').next()?.trim().to_string();
            items.push(Item::Field { decl, offset });
            *i += 1;
        }
    }
}

/// The buffers of the `; Buffer Definitions:` section (a buffer whose body does not read
/// has `body: None`).
fn buffers(text: &str) -> Vec<Buffer> {
    let mut lines: Vec<&str> = Vec::new();
    let mut inside = false;
    for l in text.lines() {
        if !l.starts_with(';') {
            if inside {
                break;
            }
            continue;
        }
        let body = l.get(1..).unwrap_or("");
        let body = body.strip_prefix(' ').unwrap_or(body);
        if body.trim_end() == "Buffer Definitions:" {
            inside = true;
            continue;
        }
        if inside {
            if body.ends_with(':') && !body.starts_with(' ') {
                break;
            }
            lines.push(body);
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(l) = lines.get(i) {
        let head = l
            .strip_prefix("cbuffer ")
            .map(|n| (n, false, true))
            .or_else(|| l.strip_prefix("tbuffer ").map(|n| (n, false, false)))
            .or_else(|| {
                l.strip_prefix("Resource bind info for ")
                    .map(|n| (n, true, false))
            });
        i += 1;
        let Some((name, structured, cbv)) = head else {
            continue;
        };
        // `{`, an empty line, then the body up to the buffer's closing `}`.
        let mut j = i;
        while lines
            .get(j)
            .is_some_and(|l| l.trim().is_empty() || l.trim() == "{")
        {
            j += 1;
        }
        let body = match lines.get(j).map(|l| l.trim()) {
            Some(l) if l.starts_with("struct ") => read_struct(&lines, &mut j, 0),
            Some(l) if structured && l.contains("$Element") => {
                offset_of(l).map(|(offset, _)| Item::Field {
                    decl: l.split(';').next().unwrap_or("").trim().to_string(),
                    offset,
                })
            }
            _ => None,
        };
        out.push(Buffer {
            name: name.to_string(),
            structured,
            cbv,
            body,
        });
    }
    out
}

fn struct_elems(m: &Module, ty: Type) -> Option<&[Type]> {
    match m.ty(ty)? {
        TypeData::Struct(s) => Some(&s.elems),
        _ => None,
    }
}

fn strip_arrays(m: &Module, mut ty: Type) -> Type {
    for _ in 0..64 {
        match m.ty(ty) {
            Some(TypeData::Array { elem, .. }) => ty = *elem,
            _ => break,
        }
    }
    ty
}

fn base_name(decl_name: &str) -> String {
    decl_name.split('[').next().unwrap_or("").to_string()
}

/// Field properties of a field line `[row_major|column_major] TYPE NAME[N]...`.
fn field_annotation(decl: &str, offset: Option<u32>) -> Option<FieldAnnotation> {
    let mut words: Vec<&str> = decl.split_whitespace().collect();
    let orientation = match words.first() {
        Some(&"row_major") => Some(1),
        Some(&"column_major") => Some(2),
        _ => None,
    };
    if orientation.is_some() {
        words.remove(0);
    }
    // A field without a name (bit fields) prints `TYPE ;`.
    let (ty, name) = match words.as_slice() {
        [ty] => (*ty, None),
        [ty, name] => (*ty, Some(*name)),
        _ => return None,
    };
    // TYPE is a component name, then a vector length or ROWSxCOLS.
    // The printer's spellings (`ComponentType::hlsl_name`), with and without minimum
    // precision types; the longest that starts TYPE (`uint16_t` before `uint`).
    let (comp, shape) = (1..)
        .map_while(ComponentType::from_raw)
        .flat_map(|c| [c.hlsl_name(false), c.hlsl_name(true)].map(|n| (n, c.raw())))
        .filter(|(n, _)| ty.starts_with(n))
        .max_by_key(|(n, _)| n.len())
        .map(|(n, v)| (v, ty.get(n.len()..).unwrap_or("")))?;
    let mut props = Vec::new();
    if let Some((r, c)) = shape.split_once('x') {
        props.push(FieldProperty::Matrix {
            rows: r.parse().ok()?,
            cols: c.parse().ok()?,
            orientation: orientation?,
        });
    } else if orientation.is_some() || !shape.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if let Some(name) = name {
        props.push(FieldProperty::FieldName(base_name(name)));
    }
    if let Some(o) = offset {
        props.push(FieldProperty::CBufferOffset(o));
    }
    props.push(FieldProperty::CompType(comp));
    Some(FieldAnnotation { properties: props })
}

/// Annotations being built: struct type and its annotation.
struct Builder<'m> {
    m: &'m Module,
    done: Vec<(Type, u32, Vec<FieldAnnotation>)>,
}

impl Builder<'_> {
    /// Annotates struct `ty` from the members `items` printed at `base` (`use_dl`: the
    /// offsets come from the data layout and are not constant buffer offsets).
    fn annotate(
        &mut self,
        ty: Type,
        items: &[Item],
        base: u32,
        size: u32,
        use_dl: bool,
        depth: usize,
    ) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        let elems = struct_elems(self.m, ty)?.to_vec();
        if elems.len() != items.len() {
            return None;
        }
        let mut fields = Vec::with_capacity(items.len());
        for (&ety, item) in elems.iter().zip(items) {
            match item {
                Item::Field { decl, offset } => {
                    let rel = (!use_dl).then(|| offset.checked_sub(base)).flatten();
                    if !use_dl && rel.is_none() {
                        return None;
                    }
                    fields.push(field_annotation(decl, rel)?);
                }
                Item::Struct {
                    items: inner,
                    var,
                    offset,
                    ..
                } => {
                    let inner_ty = strip_arrays(self.m, ety);
                    let rel = offset.checked_sub(base)?;
                    let seen = self.done.iter().any(|(t, _, _)| *t == inner_ty);
                    if !inner.is_empty() && (!use_dl || !seen) {
                        self.annotate(inner_ty, inner, *offset, 0, use_dl, depth + 1)?;
                    }
                    let mut props = vec![FieldProperty::FieldName(base_name(var))];
                    if !use_dl {
                        props.push(FieldProperty::CBufferOffset(rel));
                    }
                    fields.push(FieldAnnotation { properties: props });
                }
            }
        }
        // A struct laid out with constant buffer offsets replaces one read from a data
        // layout print (which gives no constant buffer offsets).
        match self.done.iter_mut().find(|(t, _, _)| *t == ty) {
            None => self.done.push((ty, size, fields)),
            Some(entry) if !use_dl => entry.2 = fields,
            Some(_) => {}
        }
        Some(())
    }
}

fn pointee(m: &Module, r: &Resource) -> Option<Type> {
    match &r.base.symbol {
        Md::Value { ty, .. } => match m.ty(*ty)? {
            TypeData::Pointer { pointee, .. } => Some(strip_arrays(m, *pointee)),
            _ => None,
        },
        _ => None,
    }
}

/// Adds to `md` (the metadata of `out`) the struct annotations the `; Buffer Definitions:`
/// section of `text` gives for resource types `md` does not annotate; whether any was added.
pub fn add_annotations(out: &mut Module, md: &mut DxilMetadata, text: &str) -> bool {
    let mut b = Builder {
        m: out,
        done: Vec::new(),
    };
    let resources: Vec<Resource> = md.resources.iter().flat_map(|l| l.all()).cloned().collect();
    for buf in buffers(text) {
        let Some(body) = &buf.body else { continue };
        let is_cbv = |r: &&Resource| (r.class == ResourceClass::CBuffer) == buf.cbv;
        let Some(r) = resources
            .iter()
            .filter(is_cbv)
            .find(|r| r.base.name == buf.name)
        else {
            continue;
        };
        let Some(st) = pointee(b.m, r) else { continue };
        if md.struct_annotation(st).is_some() || b.done.iter().any(|(t, _, _)| *t == st) {
            continue;
        }
        let mark = b.done.len();
        let ok = match (buf.structured, body) {
            (false, Item::Struct { items, size, .. }) => b.annotate(st, items, 0, *size, false, 0),
            (true, Item::Struct { items, size, .. }) => {
                let ret = struct_elems(b.m, st).and_then(|e| e.first().copied());
                match ret.map(|r| (r, strip_arrays(b.m, r))) {
                    Some((ret, inner)) if ret == inner => b.annotate(ret, items, 0, *size, true, 0),
                    // An array of structs: the buffer type's one field, then the struct.
                    // (printed with constant buffer offsets.)
                    Some((_, inner)) => b.annotate(inner, items, 0, 0, false, 0).map(|()| {
                        b.done.push((st, 0, vec![FieldAnnotation::default()]));
                    }),
                    None => None,
                }
            }
            (true, Item::Field { decl, .. }) => {
                let fa = field_annotation(decl, None);
                let one = struct_elems(b.m, st).is_some_and(|e| e.len() == 1);
                match fa {
                    Some(mut fa) if one => {
                        fa.properties
                            .retain(|p| !matches!(p, FieldProperty::FieldName(_)));
                        b.done.push((st, 0, vec![fa]));
                        Some(())
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if ok.is_none() {
            b.done.truncate(mark);
        }
    }
    let done = b.done;
    if done.is_empty() {
        return false;
    }
    let mut list = Vec::new();
    for (ty, size, fields) in done {
        let Some(c) = out.constants.next_id() else {
            return false;
        };
        out.constants.push(ConstData {
            ty,
            kind: ConstKind::Undef,
        });
        out.module_constants.push(c);
        list.push(StructAnnotation {
            ty,
            key: Md::Value {
                ty,
                value: ValueRef::Const(c),
            },
            cbuffer_size: size,
            fields,
            template_args: None,
        });
    }
    md.type_annotations
        .get_or_insert_with(Vec::new)
        .push(TypeAnnotations::Structs(list));
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_lines_give_annotations() {
        let fa = field_annotation("row_major float4x3 m[2]", Some(32)).expect("a matrix");
        assert_eq!(fa.matrix(), Some((4, 3, 1)));
        assert_eq!(fa.name(), Some("m"));
        assert_eq!(fa.cbuffer_offset(), Some(32));
        assert_eq!(fa.comp_type(), Some(9));
        let fa = field_annotation("min16ui2 mu", None).expect("a vector");
        assert_eq!((fa.comp_type(), fa.cbuffer_offset()), (Some(3), None));
        assert_eq!(
            field_annotation("int ", Some(0)).and_then(|f| f.comp_type()),
            Some(4)
        );
        assert!(field_annotation("float4x4 m", Some(0)).is_none());
        assert!(field_annotation("widget w", Some(0)).is_none());
    }

    #[test]
    fn buffer_section_reads_nested_structs() {
        let text = "; Buffer Definitions:\n;\n; cbuffer CB\n; {\n;\n;   struct CB\n;   {\n;\n\
;       float a;                                      ; Offset:    0\n\
;       struct struct.S\n;       {\n;\n\
;           int i;                                    ; Offset:   16\n;       \n\
;       } s;                                          ; Offset:   16\n;\n;   \n\
;   } CB;                                             ; Offset:    0 Size:    20\n;\n; }\n;\n\
;\n; Resource Bindings:\n;\ntarget triple = \"dxil-ms-dx\"\n";
        let bufs = buffers(text);
        assert_eq!(bufs.len(), 1);
        let b = &bufs[0];
        assert_eq!((b.name.as_str(), b.structured, b.cbv), ("CB", false, true));
        let Some(Item::Struct { items, size, .. }) = &b.body else {
            panic!("a struct body");
        };
        assert_eq!((items.len(), *size), (2, 20));
        assert!(matches!(&items[1], Item::Struct { items, offset: 16, .. } if items.len() == 1));
    }
}
