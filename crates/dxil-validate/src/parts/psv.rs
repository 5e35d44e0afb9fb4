//! `PSV0` against the module (DXIL.rst "Pipeline State Validation"): the part's layout
//! first (every size it declares adds up to the part), its record sizes against the PSV
//! version the module's validator version calls for, then its content field by field
//! against the part the module gives: resources, runtime information, signature elements
//! (names and semantic indexes through the part's own tables), ViewID dependences and the
//! entry name; then strings and semantic indexes nothing refers to. The content is compared
//! by meaning, not bytes: tables may be laid out differently, as long as every record finds
//! what the module says in them.

use dxil_container::ShaderKind;
use dxil_gen::psv::{build_psv, build_psv_version, psv_version};
use dxil_gen::sigpoint::SignatureKind;
use dxil_gen::Source;
use dxil_module::model::SignatureElement;
use dxil_ops::ValidationRule as R;
use dxil_parts::names::{sv_semantic_name, SemanticKind};
use dxil_parts::psv::{mask_dwords, table_dwords, Psv, PsvSignatureElement, RuntimeInfo};

use std::collections::{HashMap, VecDeque};

use super::print;
use crate::context::Ctx;

const PART_NAME: &str = "Pipeline State Validation";

/// Size of the runtime information record of each PSV version.
fn runtime_info_size(version: u32) -> u32 {
    match version {
        0 => 24,
        1 => 36,
        2 => 48,
        3 => 52,
        _ => 56,
    }
}

/// Size of a resource binding record of each PSV version.
fn bind_info_size(version: u32) -> u32 {
    if version < 2 {
        16
    } else {
        24
    }
}

const ELEMENT_SIZE: u32 = 16;

/// What the layout walk learns of the part.
struct Layout<'a> {
    runtime_info_size: u32,
    resources: u32,
    bind_info_size: u32,
    string_table: &'a [u8],
    any_elements: bool,
    element_size: u32,
}

fn u32_at(data: &[u8], at: u64) -> Option<u32> {
    let at = usize::try_from(at).ok()?;
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Walks the sizes the part declares, in the order the reference writer lays them out;
/// `None` unless they add up to the part's size exactly.
fn layout(data: &[u8]) -> Option<Layout<'_>> {
    let len = data.len() as u64;
    let mut pos: u64 = 0;
    let mut advance = |n: u64| -> Option<u64> {
        let at = pos;
        pos = pos.checked_add(n).filter(|&p| p <= len)?;
        Some(at)
    };
    let runtime_info_size = u32_at(data, 0)?;
    advance(4)?;
    let info_at = advance(u64::from(runtime_info_size))?;
    // The version 1 fields, when the record has them: shader stage, UsesViewID, the stage
    // union, element counts, input vectors, output vectors per stream.
    let info1 = (runtime_info_size >= 36).then(|| {
        let b = |i: u64| data[(info_at + 24 + i) as usize];
        (
            b(0),
            b(1),
            b(2),
            [b(4), b(5), b(6)],
            b(7),
            [b(8), b(9), b(10), b(11)],
        )
    });
    let mut out = Layout {
        runtime_info_size,
        resources: 0,
        bind_info_size: 0,
        string_table: &[],
        any_elements: false,
        element_size: 0,
    };
    out.resources = u32_at(data, advance(4)?)?;
    if out.resources > 0 {
        out.bind_info_size = u32_at(data, advance(4)?)?;
        advance(u64::from(out.resources) * u64::from(out.bind_info_size))?;
    }
    if let Some((stage, uses_view_id, pc, elements, inputs, outputs)) = info1 {
        let table_size = u32_at(data, advance(4)?)?;
        if table_size & 3 != 0 {
            return None;
        }
        let at = advance(u64::from(table_size))? as usize;
        out.string_table = &data[at..at + table_size as usize];
        let indexes = u32_at(data, advance(4)?)?;
        advance(u64::from(indexes) * 4)?;
        let count: u64 = elements.iter().map(|&e| u64::from(e)).sum();
        out.any_elements = count > 0;
        if out.any_elements {
            out.element_size = u32_at(data, advance(4)?)?;
            advance(count * u64::from(out.element_size))?;
        }
        let (hull, domain, mesh) = (stage == 3, stage == 4, stage == 13);
        let words = |n: u32| u64::from(n) * 4;
        let (pc, inputs) = (u32::from(pc), u32::from(inputs));
        if uses_view_id != 0 {
            for &v in outputs.iter().filter(|&&v| v != 0) {
                advance(words(mask_dwords(u32::from(v))))?;
            }
            if (hull || mesh) && pc != 0 {
                advance(words(mask_dwords(pc)))?;
            }
        }
        for &v in outputs.iter().filter(|&&v| v != 0) {
            advance(words(table_dwords(inputs, u32::from(v))))?;
        }
        if (hull || mesh) && pc != 0 && inputs != 0 {
            advance(words(table_dwords(inputs, pc)))?;
        }
        if domain && outputs[0] != 0 && pc != 0 {
            advance(words(table_dwords(pc, u32::from(outputs[0]))))?;
        }
    }
    (pos == len).then_some(out)
}

/// `VerifyPSVMatches`: the part's layout, record sizes and string table, then its content.
pub(crate) fn verify(ctx: &mut Ctx, src: &Source<'_>, data: &[u8]) {
    let Some(layout) = layout(data) else {
        ctx.error(R::ContainerContentInvalid, &["DxilContainer", "PSV0 part"]);
        return;
    };
    let version = psv_version(src.validator());
    let sizes = [
        (
            "PSVRuntimeInfoSize",
            true,
            layout.runtime_info_size,
            runtime_info_size(version),
        ),
        (
            "PSVResourceBindInfoSize",
            layout.resources > 0,
            layout.bind_info_size,
            bind_info_size(version),
        ),
        (
            "PSVSignatureElementSize",
            layout.any_elements,
            layout.element_size,
            ELEMENT_SIZE,
        ),
    ];
    for (name, applies, stored, expected) in sizes {
        if applies && stored != expected {
            let (stored, expected) = (stored.to_string(), expected.to_string());
            ctx.error(
                R::ContainerContentMatches,
                &[name, "PSV0", &stored, &expected],
            );
            return;
        }
    }
    if layout.string_table.last().is_some_and(|&b| b != 0) {
        ctx.error(R::ContainerContentInvalid, &["PSV part StringTable"]);
        return;
    }
    let Ok(stored) = Psv::parse(data) else {
        ctx.error(R::ContainerPartMatches, &[PART_NAME]);
        return;
    };
    let Some(module) = build_psv(src).ok().and_then(|b| Psv::parse(&b).ok()) else {
        // The module does not give a part to compare with.
        ctx.error(R::ContainerPartMatches, &[PART_NAME]);
        return;
    };
    let mut v = Verifier {
        ctx,
        src,
        strings: Strings::new(stored.signatures.as_ref().map_or(&[], |s| &s.string_table)),
        indexes: vec![
            false;
            stored
                .signatures
                .as_ref()
                .map_or(0, |s| s.semantic_index_table.len())
        ],
        stored: &stored,
        module: &module,
        latest: None,
        version,
        valid: true,
    };
    v.verify();
}

/// The strings of the part's string table, by offset, in the order the reference's
/// unordered map visits them, each with its number of uses.
struct Strings {
    size: u32,
    first_empty: bool,
    map: HashOrder,
}

impl Strings {
    fn new(table: &[u8]) -> Self {
        let mut map = HashOrder::default();
        let mut start = 0u32;
        for (i, &b) in table.iter().enumerate() {
            if b == 0 {
                map.insert(start);
                start = i as u32 + 1;
            }
        }
        // The NULs padding the table to 4 bytes are not strings of their own.
        let size = table.len() as u32;
        if size >= 4 {
            let mut i = size - 1;
            while i > size - 4 && table[i as usize] == 0 {
                map.erase(i);
                i -= 1;
            }
        }
        Strings {
            size,
            first_empty: table.first() == Some(&0),
            map,
        }
    }

    /// Counts a use of the string at `offset`; false when `offset` is outside the table.
    fn mark(&mut self, offset: u32) -> bool {
        self.map.bump(offset);
        offset < self.size
    }
}

/// An `std::unordered_map<unsigned, unsigned>` of libstdc++ reduced to what the order of
/// its iteration depends on: identity hashing; the bucket count stepping through the
/// policy's sizes as elements are added (13 at the first, then about doubling); the
/// elements forming one list in which each bucket's elements are consecutive, a new
/// element going to the front of its bucket's run or, in an empty bucket, to the front of
/// the list; a rehash walking the list in order and placing each element the same way.
/// The reference reports unused strings in this order.
#[derive(Default)]
struct HashOrder {
    buckets: u64,
    /// Bucket indexes in list order (one run each).
    runs: VecDeque<u64>,
    /// Each non-empty bucket's elements, (key, uses), in list order.
    members: HashMap<u64, VecDeque<(u32, u32)>>,
    len: usize,
}

/// The bucket counts after the 1st, 14th, 30th... insertion (each taken when the element
/// count passes the current count), as observed of the reference's standard library.
const BUCKET_COUNTS: [u64; 23] = [
    13, 29, 59, 127, 257, 541, 1109, 2357, 5087, 10273, 20753, 42043, 85229, 172933, 351061,
    712697, 1447153, 2938679, 5967347, 12117689, 24607243, 49969847, 101473717,
];

impl HashOrder {
    fn place(&mut self, entry: (u32, u32)) {
        let bucket = u64::from(entry.0) % self.buckets.max(1);
        match self.members.get_mut(&bucket) {
            Some(run) => run.push_front(entry),
            None => {
                self.members.insert(bucket, VecDeque::from([entry]));
                self.runs.push_front(bucket);
            }
        }
    }

    /// The elements in iteration order.
    fn entries(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.runs
            .iter()
            .filter_map(|b| self.members.get(b))
            .flat_map(|run| run.iter().copied())
    }

    fn insert(&mut self, key: u32) {
        let bucket = u64::from(key) % self.buckets.max(1);
        if let Some(e) = self
            .members
            .get_mut(&bucket)
            .and_then(|run| run.iter_mut().find(|e| e.0 == key))
        {
            e.1 = 0;
            return;
        }
        self.len += 1;
        if self.len as u64 > self.buckets {
            let grown = BUCKET_COUNTS
                .iter()
                .copied()
                .find(|&b| b >= self.len as u64)
                .unwrap_or_else(|| self.buckets.saturating_mul(2) | 1);
            let old: Vec<(u32, u32)> = self.entries().collect();
            self.buckets = grown;
            self.runs.clear();
            self.members.clear();
            for e in old {
                self.place(e);
            }
        }
        self.place((key, 0));
    }

    fn erase(&mut self, key: u32) {
        let bucket = u64::from(key) % self.buckets.max(1);
        let Some(run) = self.members.get_mut(&bucket) else {
            return;
        };
        let before = run.len();
        run.retain(|e| e.0 != key);
        if run.len() < before {
            self.len -= 1;
        }
        if run.is_empty() {
            self.members.remove(&bucket);
            self.runs.retain(|&b| b != bucket);
        }
    }

    fn bump(&mut self, key: u32) {
        let bucket = u64::from(key) % self.buckets.max(1);
        if let Some(e) = self
            .members
            .get_mut(&bucket)
            .and_then(|run| run.iter_mut().find(|e| e.0 == key))
        {
            e.1 += 1;
        }
    }
}

struct Verifier<'v, 'c, 'm> {
    ctx: &'v mut Ctx<'c>,
    src: &'v Source<'m>,
    /// The part as stored.
    stored: &'v Psv,
    /// The part the module gives, in the same version.
    module: &'v Psv,
    /// The part the module gives in the latest layout (for messages; `None` inside when
    /// it cannot be made).
    latest: Option<Option<Psv>>,
    version: u32,
    strings: Strings,
    indexes: Vec<bool>,
    /// False once a mismatch was reported (the part as a whole is then reported too).
    valid: bool,
}

/// Which signature, as the reference names it in messages.
const SIGNATURES: [(SignatureKind, &str); 3] = [
    (SignatureKind::Input, "SigInput"),
    (SignatureKind::Output, "SigOutput"),
    (SignatureKind::PatchConstOrPrim, "SigPatchConstantOrPrim"),
];

impl Verifier<'_, '_, '_> {
    fn mismatch(&mut self, name: &str, part: &str, module: &str) {
        self.ctx
            .error(R::ContainerContentMatches, &[name, "PSV0", part, module]);
        self.valid = false;
    }

    fn invalid(&mut self, name: &str) {
        self.ctx
            .error(R::ContainerContentInvalid, &["PSV0 part", name]);
        self.valid = false;
    }

    /// The module's runtime information with every record filled in, as the reference
    /// prints it whatever the part's version.
    fn latest(&mut self) -> RuntimeInfo {
        match self.latest_part() {
            Some(p) => p.runtime_info.clone(),
            None => self.module.runtime_info.clone(),
        }
    }

    /// The part the module gives in the latest layout, made once.
    fn latest_part(&mut self) -> Option<&Psv> {
        let src = self.src;
        self.latest
            .get_or_insert_with(|| {
                build_psv_version(src, 4)
                    .ok()
                    .and_then(|b| Psv::parse(&b).ok())
            })
            .as_ref()
    }

    fn verify(&mut self) {
        let stored = self.stored;
        if !stored.resources.is_empty()
            && stored.resource_bind_info_size != Some(bind_info_size(self.version))
        {
            let have = stored.resource_bind_info_size.unwrap_or(0).to_string();
            self.mismatch(
                "ResourceBindInfoSize",
                &have,
                &bind_info_size(self.version).to_string(),
            );
            return;
        }
        self.resources();
        self.entry_properties();
        if self.version > 0 {
            let (Some(info1), Some(sigs)) = (&stored.runtime_info.info1, &stored.signatures) else {
                return;
            };
            if let Some(size) = sigs.element_size.filter(|&s| s != ELEMENT_SIZE) {
                self.mismatch(
                    "SignatureElementSize",
                    &size.to_string(),
                    &ELEMENT_SIZE.to_string(),
                );
                return;
            }
            let stage = self.src.kind.raw();
            if u32::from(info1.shader_stage) != stage {
                self.mismatch(
                    "ShaderStage",
                    &info1.shader_stage.to_string(),
                    &stage.to_string(),
                );
                return;
            }
            let module_view_id = self.src.flags.has(dxil_gen::flags::bit::VIEW_ID);
            if (info1.uses_view_id != 0) != module_view_id {
                let module = u8::from(module_view_id).to_string();
                self.mismatch("UsesViewID", &info1.uses_view_id.to_string(), &module);
            }
            for (kind, name) in SIGNATURES {
                self.signature(kind, name);
            }
            self.view_id();
        }
        if self.version > 2 {
            if let Some(offset) = stored.runtime_info.entry_function_name {
                if !self.strings.mark(offset) {
                    self.invalid("EntryFunctionName");
                } else {
                    let part = string_at(stored, offset);
                    let module = entry_name(self.src);
                    if part != module {
                        self.mismatch("EntryFunctionName", part, module);
                    }
                }
            }
        }
        let unused: Vec<(u32, u32)> = self.strings.map.entries().collect();
        for (offset, uses) in unused {
            if uses != 0 || (offset == 0 && self.strings.first_empty) {
                continue;
            }
            let text = string_at(stored, offset);
            self.ctx
                .error(R::ContainerUnusedItemInTable, &["StringTable", text]);
        }
        for (i, used) in std::mem::take(&mut self.indexes).into_iter().enumerate() {
            if !used {
                let i = i.to_string();
                self.ctx
                    .error(R::ContainerUnusedItemInTable, &["SemanticIndexTable", &i]);
            }
        }
        if !self.valid {
            self.ctx.error(R::ContainerPartMatches, &[PART_NAME]);
        }
    }

    /// Every binding record against the module's resources (CBVs, samplers, SRVs, UAVs),
    /// the version 1 record's kind and flags from PSV version 2 on.
    fn resources(&mut self) {
        let (stored, module) = (self.stored, self.module);
        if stored.resources.len() != module.resources.len() {
            let (have, want) = (stored.resources.len(), module.resources.len());
            self.mismatch("ResourceCount", &have.to_string(), &want.to_string());
            return;
        }
        let with_kind = self.version > 1;
        for (i, (s, m)) in stored.resources.iter().zip(&module.resources).enumerate() {
            let same = (s.res_type, s.space, s.lower_bound, s.upper_bound)
                == (m.res_type, m.space, m.lower_bound, m.upper_bound)
                && (!with_kind || s.kind_and_flags == m.kind_and_flags);
            if same {
                continue;
            }
            // The module's record is printed whole (kind and flags), the part's as stored.
            let kind = if with_kind {
                m.kind_and_flags
            } else {
                self.latest_binding_kind(i)
            };
            let part = print::binding(s, if with_kind { s.kind_and_flags } else { None });
            let module = print::binding(m, kind.or(Some((0, 0))));
            self.mismatch("ResourceBindInfo", &part, &module);
        }
    }

    /// The kind and flags of the module's binding `i` (a version 0 or 1 part does not carry
    /// them).
    fn latest_binding_kind(&mut self, i: usize) -> Option<(u32, u32)> {
        self.latest_part()?.resources.get(i)?.kind_and_flags
    }

    /// The runtime information against the module's: the records the part's version has,
    /// and the group shared size of a version 4 record.
    fn entry_properties(&mut self) {
        let (stored_psv, module_psv) = (self.stored, self.module);
        let stored = &stored_psv.runtime_info;
        // The part the module gives is in the stored part's version (checked above), so
        // its records are the ones to compare.
        let module = &module_psv.runtime_info;
        let v1 = stored.info1.is_some();
        let mut same = stored.stage_info == module.stage_info
            && stored.min_wave_lane_count == module.min_wave_lane_count
            && stored.max_wave_lane_count == module.max_wave_lane_count;
        if v1 {
            same &= stored.info1 == module.info1;
        }
        if stored.num_threads.is_some() {
            same &= stored.num_threads == module.num_threads;
        }
        if let Some(g) = stored.num_bytes_group_shared_memory {
            same &= Some(g) == module.num_bytes_group_shared_memory;
        }
        if same {
            return;
        }
        let mut module = self.latest();
        if !v1 {
            // Without the part's version 1 record the reference fills in only what the
            // stage union of that record holds (a geometry shader's vertex count, a mesh
            // shader's topology); the stage reads as 0.
            let i1 = module.info1_zero_filled();
            module.info1 = Some(dxil_parts::psv::RuntimeInfo1 {
                stage_union: match self.src.kind {
                    ShaderKind::Geometry => i1.stage_union,
                    ShaderKind::Mesh => i1.stage_union & 0xff00,
                    _ => 0,
                },
                ..Default::default()
            });
        }
        let kind = self.src.kind.raw() as u8;
        let module_view = print::RuntimeView {
            info: &module,
            v1: true,
            v2: true,
            v3: true,
            v4: true,
        };
        let module_text = print::runtime_info(&module_view, kind, entry_name(self.src));
        let stored_view = print::RuntimeView {
            info: stored,
            v1,
            v2: stored.num_threads.is_some(),
            v3: stored.entry_function_name.is_some(),
            v4: stored.num_bytes_group_shared_memory.is_some(),
        };
        let entry = stored
            .entry_function_name
            .map_or("", |o| string_at(stored_psv, o));
        // The library kind stands for "no stage": the version 1 record names the stage.
        let stored_text = print::runtime_info(&stored_view, ShaderKind::Library.raw() as u8, entry);
        // The reference passes the module's text where the part's goes, and the other way
        // round; the message keeps that order.
        self.mismatch("PSVRuntimeInfo", &module_text, &stored_text);
    }

    /// One signature's element records against the module's elements.
    fn signature(&mut self, kind: SignatureKind, name: &str) {
        let stored = self.stored;
        let Some(sigs) = &stored.signatures else {
            return;
        };
        let elements: &[SignatureElement] = self.src.signature(kind);
        let module_records = module_elements(self.module, kind);
        let records = match kind {
            SignatureKind::Input => &sigs.input,
            SignatureKind::Output => &sigs.output,
            SignatureKind::PatchConstOrPrim => &sigs.patch_const_or_prim,
        };
        if records.len() != elements.len() {
            let (have, want) = (records.len().to_string(), elements.len().to_string());
            self.mismatch(&format!("{name}Elements"), &have, &want);
            return;
        }
        for (i, (record, element)) in records.iter().zip(elements).enumerate() {
            let Some(module_record) = module_records.get(i) else {
                continue;
            };
            self.element(record, element, module_record, name);
        }
    }

    /// One element record: its name and indexes must be in the part's tables; then the
    /// indexes, the name (arbitrary semantics) or semantic kind, and every other field must
    /// be the module's.
    fn element(
        &mut self,
        record: &PsvSignatureElement,
        element: &SignatureElement,
        module: &PsvSignatureElement,
        name: &str,
    ) {
        let mut bad_table = false;
        if !self.strings.mark(record.semantic_name) {
            self.invalid("SemanticName");
            bad_table = true;
        }
        let (start, rows) = (record.semantic_indexes as u64, u64::from(record.rows));
        let fits = !self.indexes.is_empty() && start + rows <= self.indexes.len() as u64;
        if fits {
            for used in &mut self.indexes[start as usize..(start + rows) as usize] {
                *used = true;
            }
        } else {
            self.invalid("SemanticIndex");
            bad_table = true;
        }
        if bad_table {
            return;
        }
        let stored = self.stored;
        let part_indexes = stored.semantic_indexes(record).unwrap_or(&[]);
        let part_name = string_at(stored, record.semantic_name);
        let mut mismatch = part_indexes != element.semantic_indices.as_slice();
        if element.semantic_kind == SemanticKind::Arbitrary as u8 {
            mismatch |= part_name != element.name;
        } else {
            mismatch |= record.semantic_kind != element.semantic_kind;
        }
        let same_fields = |a: &PsvSignatureElement, b: &PsvSignatureElement| {
            (
                a.rows,
                a.start_row,
                a.cols_and_start,
                a.semantic_kind,
                a.component_type,
                a.interpolation_mode,
                a.dynamic_mask_and_stream,
                a.reserved,
            ) == (
                b.rows,
                b.start_row,
                b.cols_and_start,
                b.semantic_kind,
                b.component_type,
                b.interpolation_mode,
                b.dynamic_mask_and_stream,
                b.reserved,
            )
        };
        mismatch |= !same_fields(record, module);
        if !mismatch {
            return;
        }
        // The module's element is named as its signature names it: the canonical name of
        // a system value, the declared name otherwise.
        let module_name = SemanticKind::from_u32(u32::from(element.semantic_kind))
            .and_then(sv_semantic_name)
            .unwrap_or(&element.name);
        let module_text = print::element(module, module_name, &element.semantic_indices);
        let part_text = print::element(record, part_name, part_indexes);
        self.mismatch(&format!("{name}Element"), &part_text, &module_text);
    }

    /// The ViewID state the part's masks and tables hold against the module's
    /// `dx.viewIdState` (or, when that differs only in layout, the state of the part the
    /// module gives).
    fn view_id(&mut self) {
        let part = view_id_state(self.stored);
        let declared: &[u32] = self.src.meta.view_id_state.as_deref().unwrap_or(&[]);
        if part == declared || (declared.is_empty() && part.iter().all(|&w| w == 0)) {
            return;
        }
        if part == view_id_state(self.module) {
            return;
        }
        let part_text = print::view_id_state(self.stored);
        let module_text = print::view_id_state(self.module);
        self.mismatch("ViewIDState", &part_text, &module_text);
    }
}

/// The string at `offset` of the part's string table, as the reference reads it for a
/// comparison or a message: an offset the table does not hold a string at (the checks
/// before report it) reads as the empty string.
fn string_at(psv: &Psv, offset: u32) -> &str {
    psv.string(offset).unwrap_or_default()
}

/// The first `n` words of `words`, the missing ones 0 (a short table next to the size the
/// state's counts give).
fn zero_padded(words: &[u32], n: usize) -> impl Iterator<Item = u32> + '_ {
    words.iter().copied().chain(std::iter::repeat(0)).take(n)
}

/// The entry name the module declares.
fn entry_name<'a>(src: &'a Source<'_>) -> &'a str {
    src.entry().map_or("", |e| e.name.as_str())
}

/// One signature's element records of a part.
fn module_elements(psv: &Psv, kind: SignatureKind) -> &[PsvSignatureElement] {
    let Some(s) = &psv.signatures else {
        return &[];
    };
    match kind {
        SignatureKind::Input => &s.input,
        SignatureKind::Output => &s.output,
        SignatureKind::PatchConstOrPrim => &s.patch_const_or_prim,
    }
}

/// The serialized ViewID state (`dx.viewIdState` layout) a part's masks and tables make:
/// input scalars, then per stream the output scalars, the ViewID mask and the input
/// table; then the patch constant or primitive section.
fn view_id_state(psv: &Psv) -> Vec<u32> {
    let (Some(info1), Some(sigs)) = (&psv.runtime_info.info1, &psv.signatures) else {
        return Vec::new();
    };
    let stage = info1.shader_stage;
    let streams = if stage == 2 { 4 } else { 1 };
    let inputs = u32::from(info1.sig_input_vectors) * 4;
    let pc = match stage {
        3 | 4 | 13 => u32::from(info1.sig_patch_const_or_prim_vectors()) * 4,
        _ => 0,
    };
    let mut out = vec![inputs];
    // A section's mask (when the part has it) and its table (when the part has it and both
    // sides have vectors), each as many words as the state holds for these scalar counts.
    let section = |out: &mut Vec<u32>, ins: u32, outs: u32, mask: &[u32], table: &[u32]| {
        let words = mask_dwords(outs.div_ceil(4)) as usize;
        if !mask.is_empty() {
            out.extend(zero_padded(mask, words));
        }
        if !table.is_empty() && ins != 0 && outs != 0 {
            let n = words.saturating_mul(ins as usize);
            out.extend(zero_padded(table, n));
        }
    };
    for s in 0..streams {
        let outs = u32::from(info1.sig_output_vectors[s]) * 4;
        out.push(outs);
        let mask = if outs != 0 {
            &sigs.view_id_output_masks[s][..]
        } else {
            &[]
        };
        section(
            &mut out,
            inputs,
            outs,
            mask,
            &sigs.input_to_output_tables[s],
        );
    }
    match stage {
        3 | 13 => {
            out.push(pc);
            let mask = if pc != 0 {
                &sigs.view_id_pc_or_prim_output_mask[..]
            } else {
                &[]
            };
            let table = if stage == 3 {
                &sigs.input_to_pc_output_table[..]
            } else {
                &[]
            };
            section(&mut out, inputs, pc, mask, table);
        }
        4 => {
            out.push(pc);
            let outs = u32::from(info1.sig_output_vectors[0]) * 4;
            section(&mut out, pc, outs, &[], &sigs.pc_input_to_output_table);
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table `\0OUTPUT\0dr\0a0\0b1\0c2\0d3\0e4\0\0\0` as the reference's map
    /// visits it (observed of libstdc++).
    #[test]
    fn hash_order_follows_the_bucket_runs() {
        let s = Strings::new(b"\0OUTPUT\0dr\0a0\0b1\0c2\0d3\0e4\0\0\0");
        let keys: Vec<u32> = s.map.entries().map(|e| e.0).collect();
        assert_eq!(keys, [23, 20, 17, 11, 8, 14, 1, 0]);
    }

    #[test]
    fn layout_refuses_trailing_bytes() {
        let mut part = vec![0u8; 4 + 24 + 4];
        part[0] = 24;
        assert!(layout(&part).is_some());
        part.extend([0; 4]);
        assert!(layout(&part).is_none());
    }
}
