; wave size range on a node
; shader hash: ee67b60a4d80840f8d17b7919b4b5a03
;
; Buffer Definitions:
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; B                                     UAV    byte         r/w      U0             u0     1
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.NodeRecordHandle = type { i8* }
%dx.types.NodeRecordInfo = type { i32, i32 }
%struct.R.0 = type { [3 x i32], i32 }
%dx.types.ResourceProperties = type { i32, i32 }
%struct.T = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

@"\01?B@@3URWByteAddressBuffer@@A" = external constant %dx.types.Handle, align 4

define void @bnode() {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?B@@3URWByteAddressBuffer@@A", align 4
  %2 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %3 = call %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32 250, i32 0)  ; CreateNodeInputRecordHandle(MetadataIdx)
  %4 = call %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32 251, %dx.types.NodeRecordHandle %3, %dx.types.NodeRecordInfo { i32 97, i32 16 })  ; AnnotateNodeRecordHandle(noderecord,props)
  %5 = call %struct.R.0 addrspace(6)* @dx.op.getNodeRecordPtr.struct.R.0(i32 239, %dx.types.NodeRecordHandle %4, i32 0)  ; GetNodeRecordPtr(recordhandle,arrayIndex)
  %6 = getelementptr %struct.R.0, %struct.R.0 addrspace(6)* %5, i32 0, i32 1
  %7 = load i32, i32 addrspace(6)* %6, align 4
  %8 = shl i32 %2, 2
  %9 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %10 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %9, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %10, i32 %8, i32 undef, i32 %7, i32 undef, i32 undef, i32 undef, i8 1, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  ret void
}

define void @tnode() {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?B@@3URWByteAddressBuffer@@A", align 4
  %2 = call %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32 250, i32 0)  ; CreateNodeInputRecordHandle(MetadataIdx)
  %3 = call %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32 251, %dx.types.NodeRecordHandle %2, %dx.types.NodeRecordInfo { i32 33, i32 4 })  ; AnnotateNodeRecordHandle(noderecord,props)
  %4 = call %struct.T addrspace(6)* @dx.op.getNodeRecordPtr.struct.T(i32 239, %dx.types.NodeRecordHandle %3, i32 0)  ; GetNodeRecordPtr(recordhandle,arrayIndex)
  %5 = getelementptr %struct.T, %struct.T addrspace(6)* %4, i32 0, i32 0
  %6 = load i32, i32 addrspace(6)* %5, align 4
  %7 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %7, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %8, i32 0, i32 undef, i32 %6, i32 undef, i32 undef, i32 undef, i8 1, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  ret void
}

define void @cnode() {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?B@@3URWByteAddressBuffer@@A", align 4
  %2 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %3 = call %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32 250, i32 0)  ; CreateNodeInputRecordHandle(MetadataIdx)
  %4 = call %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32 251, %dx.types.NodeRecordHandle %3, %dx.types.NodeRecordInfo { i32 65, i32 4 })  ; AnnotateNodeRecordHandle(noderecord,props)
  %5 = call %struct.T addrspace(6)* @dx.op.getNodeRecordPtr.struct.T(i32 239, %dx.types.NodeRecordHandle %4, i32 0)  ; GetNodeRecordPtr(recordhandle,arrayIndex)
  %6 = getelementptr %struct.T, %struct.T addrspace(6)* %5, i32 0, i32 0
  %7 = load i32, i32 addrspace(6)* %6, align 4
  %8 = shl i32 %2, 2
  %9 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %10 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %9, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %10, i32 %8, i32 undef, i32 %7, i32 undef, i32 undef, i32 undef, i8 1, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

; Function Attrs: nounwind readnone
declare %struct.R.0 addrspace(6)* @dx.op.getNodeRecordPtr.struct.R.0(i32, %dx.types.NodeRecordHandle, i32) #0

; Function Attrs: nounwind readnone
declare %struct.T addrspace(6)* @dx.op.getNodeRecordPtr.struct.T(i32, %dx.types.NodeRecordHandle, i32) #0

; Function Attrs: nounwind
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #1

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0

; Function Attrs: nounwind readnone
declare %dx.types.NodeRecordHandle @dx.op.createNodeInputRecordHandle(i32, i32) #0

; Function Attrs: nounwind readnone
declare %dx.types.NodeRecordHandle @dx.op.annotateNodeRecordHandle(i32, %dx.types.NodeRecordHandle, %dx.types.NodeRecordInfo) #0

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32, %dx.types.Handle) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!7}
!dx.entryPoints = !{!11, !13, !22, !29}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 8}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 8}
!4 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* bitcast (%dx.types.Handle* @"\01?B@@3URWByteAddressBuffer@@A" to %struct.RWByteAddressBuffer*), !"B", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!7 = !{i32 1, void ()* @bnode, !8, void ()* @tnode, !8, void ()* @cnode, !8}
!8 = !{!9}
!9 = !{i32 0, !10, !10}
!10 = !{}
!11 = !{null, !"", null, !4, !12}
!12 = !{i32 0, i64 8589934608}
!13 = !{void ()* @bnode, !"bnode", null, null, !14}
!14 = !{i32 8, i32 15, i32 13, i32 1, i32 15, !15, i32 16, i32 -1, i32 22, !16, i32 20, !17, i32 4, !16, i32 5, !21, i32 23, !40}
!40 = !{i32 8, i32 64, i32 16}
!15 = !{!"bnode", i32 0}
!16 = !{i32 8, i32 1, i32 1}
!17 = !{!18}
!18 = !{i32 1, i32 97, i32 2, !19}
!19 = !{i32 0, i32 16, i32 1, !20, i32 2, i32 4}
!20 = !{i32 0, i32 5, i32 3}
!21 = !{i32 0}
!22 = !{void ()* @cnode, !"cnode", null, null, !23}
!23 = !{i32 8, i32 15, i32 13, i32 2, i32 15, !24, i32 16, i32 -1, i32 20, !25, i32 4, !28, i32 5, !21}
!24 = !{!"cnode", i32 0}
!25 = !{!26}
!26 = !{i32 1, i32 65, i32 2, !27}
!27 = !{i32 0, i32 4, i32 2, i32 4}
!28 = !{i32 4, i32 1, i32 1}
!29 = !{void ()* @tnode, !"tnode", null, null, !30}
!30 = !{i32 8, i32 15, i32 13, i32 3, i32 15, !31, i32 16, i32 -1, i32 20, !32, i32 4, !34, i32 5, !21}
!31 = !{!"tnode", i32 0}
!32 = !{!33}
!33 = !{i32 1, i32 33, i32 2, !27}
!34 = !{i32 1, i32 1, i32 1}
