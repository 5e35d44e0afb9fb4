//! Work graph operations in node entries of a `lib_6_8` library with `numthreads(1, 1, 1)`:
//! node input records, output nodes and their records, each handle made and annotated as
//! the special values `nodeinput`, `nodeoutput` and `outputrecords` describe.

use super::model::{Arg::*, Node, NodeIo, OpCase, CS1};

const Z: super::Arg = Int(0);
const I: super::Arg = Int(1);
const SM68: (u32, u32) = (6, 8);
const IN: super::Arg = Special("nodeinput");
const OUT: super::Arg = Special("nodeoutput");

/// `DispatchNodeInputRecord<{ i32 }>`: input | dispatch record.
const DISPATCH_INPUT: NodeIo = NodeIo::new(0x61, 4);
/// `RWDispatchNodeInputRecord<{ i32 }>` with `[NodeTrackRWInputSharing]`.
const SHARED_INPUT: NodeIo = NodeIo::new(0x165, 4);
/// `RWDispatchNodeInputRecord<{ i32 }>`.
const RW_INPUT: NodeIo = NodeIo::new(0x65, 4);
/// `GroupNodeInputRecords<{ i32 }>` of up to 4 records: input | group record.
const GROUP_INPUT: NodeIo = NodeIo::new(0x41, 4).max_records(4);
/// `NodeOutput<{ i32 }>` of one record: output | read-write.
const OUTPUT: &[NodeIo] = &[NodeIo::new(0x6, 4).max_records(1)];
/// `EmptyNodeOutput` of one record: output | empty record.
const EMPTY_OUTPUT: &[NodeIo] = &[NodeIo::new(0xA, 0).max_records(1)];
/// `NodeOutputArray<{ i32 }>` of two nodes: output | read-write | node array.
const OUTPUT_ARRAY: &[NodeIo] = &[NodeIo::new(0x16, 4).max_records(1).array(2)];

/// A broadcasting node.
const fn broadcasting(input: Option<NodeIo>, outputs: &'static [NodeIo]) -> Node {
    Node {
        launch: 1,
        input,
        outputs,
        max_recursion: 0,
    }
}

const fn node(opcode: u32, ovl: &'static str, args: &'static [super::Arg], n: Node) -> OpCase {
    OpCase::new(opcode, "lib", SM68, ovl, args)
        .props(CS1)
        .node(n)
}

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    // One record for the thread.
    node(238, "void", &[OUT, I, I], broadcasting(None, OUTPUT)),
    // Record 0.
    node(
        239,
        "%struct.Payload addrspace(6)*",
        &[IN, Z],
        broadcasting(Some(DISPATCH_INPUT), &[]),
    ),
    // Count 1 for the group.
    node(240, "void", &[OUT, I, Z], broadcasting(None, EMPTY_OUTPUT)),
    node(
        241,
        "void",
        &[Special("outputrecords")],
        broadcasting(None, OUTPUT),
    ),
    node(
        242,
        "void",
        &[IN],
        Node {
            launch: 2,
            input: Some(GROUP_INPUT),
            outputs: &[],
            max_recursion: 0,
        },
    ),
    node(243, "void", &[IN], broadcasting(Some(SHARED_INPUT), &[])),
    // No semantic flags.
    node(246, "void", &[IN, Z], broadcasting(Some(RW_INPUT), &[])),
    // Output 0.
    node(247, "void", &[Z], broadcasting(None, OUTPUT)),
    // Node 0 of the array.
    node(248, "void", &[OUT, Z], broadcasting(None, OUTPUT_ARRAY)),
    node(
        249,
        "void",
        &[Special("nodeoutputraw"), Special("nodeinfo")],
        broadcasting(None, OUTPUT),
    ),
    // Input 0.
    node(250, "void", &[Z], broadcasting(Some(DISPATCH_INPUT), &[])),
    node(
        251,
        "void",
        &[Special("nodeinputraw"), Special("recordinfo")],
        broadcasting(Some(DISPATCH_INPUT), &[]),
    ),
    node(252, "void", &[OUT], broadcasting(None, OUTPUT)),
    node(
        253,
        "void",
        &[],
        Node {
            launch: 1,
            input: None,
            outputs: &[],
            max_recursion: 4,
        },
    ),
];
