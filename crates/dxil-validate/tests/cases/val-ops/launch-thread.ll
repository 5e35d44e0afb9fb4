; The node made thread launch (launch type 3; its dispatch grid dropped): none of the four thread ids are there
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.NodeRecordHandle = type { i8* }
%dx.types.NodeRecordInfo = type { i32, i32 }
%struct.R = type { i32 }
%dx.types.ResourceProperties = type { i32, i32 }
%"class.RWStructuredBuffer<unsigned int>" = type { i32 }

@"\01?b@@3V?$RWStructuredBuffer@I@@A" = external constant %dx.types.Handle, align 4

define void @main() {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?b@@3V?$RWStructuredBuffer@I@@A", align 4
  %2 = call i32 @dx.op.threadId.i32(i32 93, i32 0)  ; ThreadId(component)
  %3 = call i32 @dx.op.groupId.i32(i32 94, i32 0)  ; GroupId(component)
  %4 = call i32 @dx.op.threadIdInGroup.i32(i32 95, i32 0)  ; ThreadIdInGroup(component)
  %5 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %6 = call %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32 250, i32 0)  ; CreateNodeInputRecordHandle(MetadataIdx)
  %7 = call %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32 251, %dx.types.NodeRecordHandle %6, %dx.types.NodeRecordInfo { i32 97, i32 4 })  ; AnnotateNodeRecordHandle(noderecord,props)
  %8 = call %struct.R addrspace(6)* @dx.op.getNodeRecordPtr.struct.R(i32 239, %dx.types.NodeRecordHandle %7, i32 0)  ; GetNodeRecordPtr(recordhandle,arrayIndex)
  %9 = getelementptr %struct.R, %struct.R addrspace(6)* %8, i32 0, i32 0
  %10 = load i32, i32 addrspace(6)* %9, align 4
  %11 = add i32 %4, %3
  %12 = add i32 %11, %5
  %13 = add i32 %12, %10
  %14 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %15 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %14, %dx.types.ResourceProperties { i32 4108, i32 4 })  ; AnnotateHandle(res,props)  resource: RWStructuredBuffer<stride=4>
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %15, i32 %2, i32 0, i32 %13, i32 undef, i32 undef, i32 undef, i8 1, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 4)  ; BarrierByMemoryType(MemoryTypeFlags,SemanticFlags)
  call void @dx.op.barrierByMemoryType(i32 244, i32 2, i32 3)  ; BarrierByMemoryType(MemoryTypeFlags,SemanticFlags)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #0

; Function Attrs: nounwind readnone
declare i32 @dx.op.groupId.i32(i32, i32) #0

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadIdInGroup.i32(i32, i32) #0

; Function Attrs: nounwind readnone
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

; Function Attrs: nounwind readnone
declare %struct.R addrspace(6)* @dx.op.getNodeRecordPtr.struct.R(i32, %dx.types.NodeRecordHandle, i32) #0

; Function Attrs: nounwind
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #1

; Function Attrs: noduplicate nounwind
declare void @dx.op.barrierByMemoryType(i32, i32, i32) #2

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0

; Function Attrs: nounwind readnone
declare %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32, i32) #0

; Function Attrs: nounwind readnone
declare %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32, %dx.types.NodeRecordHandle, %dx.types.NodeRecordInfo) #0

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32, %dx.types.Handle) #3

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { noduplicate nounwind }
attributes #3 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!8, !14}
!dx.entryPoints = !{!18, !20}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 8}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 8}
!4 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %"class.RWStructuredBuffer<unsigned int>"* bitcast (%dx.types.Handle* @"\01?b@@3V?$RWStructuredBuffer@I@@A" to %"class.RWStructuredBuffer<unsigned int>"*), !"b", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!7 = !{i32 1, i32 4}
!8 = !{i32 0, %"class.RWStructuredBuffer<unsigned int>" undef, !9}
!9 = !{i32 4, !10, !11}
!10 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 5}
!11 = !{i32 0, !12}
!12 = !{!13}
!13 = !{i32 0, i32 undef}
!14 = !{i32 1, void ()* @main, !15}
!15 = !{!16}
!16 = !{i32 0, !17, !17}
!17 = !{}
!18 = !{null, !"", null, !4, !19}
!19 = !{i32 0, i64 8589934608}
!20 = !{void ()* @main, !"main", null, null, !21}
!21 = !{i32 8, i32 15, i32 13, i32 3, i32 15, !22, i32 16, i32 -1, i32 20, !24, i32 4, !27, i32 5, !28}
!22 = !{!"main", i32 0}
!23 = !{i32 1, i32 1, i32 1}
!24 = !{!25}
!25 = !{i32 1, i32 97, i32 2, !26}
!26 = !{i32 0, i32 4, i32 2, i32 4}
!27 = !{i32 64, i32 1, i32 1}
!28 = !{i32 0}
