//! Type interning (LangRef "Type System"): literal types are uniqued by their data, as
//! LLVM's context uniques them; identified structs are made by name (or unnamed, always
//! new), opaque first and given a body once.

use super::error::{type_err, BuildError, BuildErrorKind, BuildResult};
use super::intern::hash_of;
use super::module::ModuleBuilder;
use super::typing::{data_name, type_name};
use crate::{StructType, Type, TypeData};

impl ModuleBuilder {
    pub(crate) fn check_type(&self, what: &str, ty: Type) -> BuildResult<()> {
        if self.m.types.contains(ty) {
            Ok(())
        } else {
            Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: {ty} does not exist"),
            ))
        }
    }

    /// Interns without checking the subtypes (the callers built them).
    pub(crate) fn intern_type(&mut self, data: TypeData) -> BuildResult<Type> {
        let h = hash_of(&data);
        let types = &self.m.types;
        if let Some(id) = self.type_index.find(h, |id| types[id as usize] == data) {
            return Ok(Type(id));
        }
        let id = self.m.types.push(data);
        self.type_index.insert(h, id.0);
        Ok(id)
    }

    /// The type `data` (get-or-insert). Literal types only: identified structs come from
    /// [`ModuleBuilder::struct_named`] and [`ModuleBuilder::struct_unnamed`]. The subtypes
    /// must exist and be valid where they stand (no `void` array element, no function
    /// pointee of a non-function, ...).
    pub fn ty(&mut self, data: TypeData) -> BuildResult<Type> {
        let sub_ok = |t: &Type| self.m.types.contains(*t);
        let first_class = |t: Type| {
            !matches!(
                self.m.ty(t),
                Some(
                    TypeData::Void
                        | TypeData::Label
                        | TypeData::Metadata
                        | TypeData::Function { .. }
                )
            )
        };
        let ok = match &data {
            TypeData::Int(b) => (1..=(1 << 23) - 1).contains(b),
            TypeData::Pointer { pointee, .. } => {
                sub_ok(pointee)
                    && !matches!(
                        self.m.ty(*pointee),
                        Some(TypeData::Void | TypeData::Label | TypeData::Metadata)
                    )
            }
            TypeData::Array { elem, .. } => sub_ok(elem) && first_class(*elem),
            TypeData::Vector { elem, len } => {
                sub_ok(elem)
                    && *len > 0
                    && matches!(
                        self.m.ty(*elem),
                        Some(TypeData::Int(_) | TypeData::Pointer { .. })
                    ) | self.m.ty(*elem).is_some_and(TypeData::is_float)
            }
            TypeData::Struct(s) => {
                if s.identified {
                    return Err(type_err(
                        "type: identified structs are made by struct_named or struct_unnamed",
                    ));
                }
                s.name.is_none()
                    && !s.opaque
                    && s.elems.iter().all(|e| sub_ok(e) && first_class(*e))
            }
            TypeData::Function { ret, params, .. } => {
                sub_ok(ret)
                    && !matches!(
                        self.m.ty(*ret),
                        Some(TypeData::Label | TypeData::Metadata | TypeData::Function { .. })
                    )
                    && params.iter().all(|p| {
                        sub_ok(p)
                            && !matches!(
                                self.m.ty(*p),
                                Some(TypeData::Void | TypeData::Label | TypeData::Function { .. })
                            )
                    })
            }
            _ => true,
        };
        if !ok {
            return Err(type_err(format!(
                "type: `{}` is not a valid LLVM type",
                data_name(&self.m.types, &data)
            )));
        }
        self.intern_type(data)
    }

    /// `void`.
    pub fn void(&mut self) -> Type {
        self.cached_prim(0, TypeData::Void)
    }

    /// `label`.
    pub fn label(&mut self) -> Type {
        self.cached_prim(1, TypeData::Label)
    }

    /// `metadata`.
    pub fn metadata_type(&mut self) -> Type {
        self.cached_prim(2, TypeData::Metadata)
    }

    /// `float`.
    pub fn float(&mut self) -> Type {
        self.prim(TypeData::Float)
    }

    /// `iN`; `bits` is clamped to LLVM's 1..=2^23-1.
    pub fn int(&mut self, bits: u32) -> Type {
        self.prim(TypeData::Int(bits.clamp(1, (1 << 23) - 1)))
    }

    /// `void`, `label` and `metadata` are asked for per instruction: their ids are kept
    /// (types are never removed, so a kept id stays right).
    fn cached_prim(&mut self, slot: usize, data: TypeData) -> Type {
        if let Some(t) = self.prim_types[slot] {
            return t;
        }
        let t = self.prim(data);
        self.prim_types[slot] = Some(t);
        t
    }

    fn prim(&mut self, data: TypeData) -> Type {
        // A type without subtypes cannot be rejected.
        self.intern_type(data).unwrap_or(Type(0))
    }

    /// `pointee addrspace(N)*`.
    pub fn pointer(&mut self, pointee: Type, addrspace: u32) -> BuildResult<Type> {
        self.ty(TypeData::Pointer { pointee, addrspace })
    }

    /// `ret (params...)`.
    pub fn function_type(&mut self, ret: Type, params: &[Type], vararg: bool) -> BuildResult<Type> {
        self.ty(TypeData::Function {
            ret,
            params: params.into(),
            vararg,
        })
    }

    /// The identified struct `%name`: the existing one, or a new opaque one.
    pub fn struct_named(&mut self, name: &str) -> Type {
        let h = hash_of(name);
        if let Some(t) = self.find_struct(h, name) {
            return t;
        }
        let t = self.m.types.push(TypeData::Struct(StructType {
            name: Some(name.to_string()),
            identified: true,
            packed: false,
            opaque: true,
            elems: Box::new([]),
        }));
        self.struct_names.insert(h, t.0);
        t
    }

    /// The identified struct named `name` (hash `h`), if there is one.
    pub(crate) fn find_struct(&self, h: u64, name: &str) -> Option<Type> {
        let types = &self.m.types;
        let named = |id: u32| match &types[Type(id)] {
            TypeData::Struct(s) => s.name.as_deref() == Some(name),
            _ => false,
        };
        self.struct_names.find(h, named).map(Type)
    }

    /// A new unnamed identified struct (opaque until given a body).
    pub fn struct_unnamed(&mut self) -> Type {
        self.m.types.push(TypeData::Struct(StructType {
            name: None,
            identified: true,
            packed: false,
            opaque: true,
            elems: Box::new([]),
        }))
    }

    /// Gives an identified struct its body. Setting the same body again is allowed; another
    /// body is a [`BuildErrorKind::Redefinition`] error.
    pub fn set_struct_body(&mut self, ty: Type, elems: &[Type], packed: bool) -> BuildResult<()> {
        for &e in elems {
            self.check_type("struct body", e)?;
            if matches!(
                self.m.ty(e),
                Some(
                    TypeData::Void
                        | TypeData::Label
                        | TypeData::Metadata
                        | TypeData::Function { .. }
                )
            ) {
                return Err(type_err(format!(
                    "struct body: element type {} is not allowed",
                    type_name(&self.m.types, e)
                )));
            }
        }
        // The name is spelled only for an error.
        let name = |m: &ModuleBuilder| type_name(&m.m.types, ty);
        let problem = match self.m.types.get(ty) {
            Some(TypeData::Struct(s)) if !s.identified => Some("is a literal struct"),
            Some(TypeData::Struct(s)) if !s.opaque => {
                if *s.elems == *elems && s.packed == packed {
                    return Ok(());
                }
                return Err(BuildError::new(
                    BuildErrorKind::Redefinition,
                    format!("struct body: {} already has another body", name(self)),
                ));
            }
            Some(TypeData::Struct(_)) => None,
            _ => Some("is not a struct"),
        };
        if let Some(p) = problem {
            return Err(type_err(format!("struct body: {} {p}", name(self))));
        }
        let Some(TypeData::Struct(s)) = self.m.types.get_mut(ty) else {
            return Err(type_err(format!(
                "struct body: {} is not a struct",
                name(self)
            )));
        };
        s.opaque = false;
        s.packed = packed;
        s.elems = elems.into();
        Ok(())
    }
}
