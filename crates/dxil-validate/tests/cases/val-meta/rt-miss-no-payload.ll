; miss shader without its payload
; shader hash: 34d1c04540e076bb6e870d4b0e8b01e4
;
; Buffer Definitions:
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; O                                     UAV     f32          2d      U0             u0     1
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%"class.RWTexture2D<vector<float, 4> >" = type { <4 x float> }
%dx.types.Handle = type { i8* }
%struct.Payload = type { <4 x float> }
%struct.Attr = type { <2 x float> }

@"\01?O@@3V?$RWTexture2D@V?$vector@M$03@@@@A" = external constant %"class.RWTexture2D<vector<float, 4> >", align 4

; Function Attrs: nounwind
define void @"\01?rg@@YAXXZ"() #0 {
  %1 = load %"class.RWTexture2D<vector<float, 4> >", %"class.RWTexture2D<vector<float, 4> >"* @"\01?O@@3V?$RWTexture2D@V?$vector@M$03@@@@A", align 4
  %2 = call %dx.types.Handle @"dx.op.createHandleForLib.class.RWTexture2D<vector<float, 4> >"(i32 160, %"class.RWTexture2D<vector<float, 4> >" %1)  ; CreateHandleForLib(Resource)
  call void @dx.op.textureStore.f32(i32 67, %dx.types.Handle %2, i32 0, i32 0, i32 undef, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, i8 15)  ; TextureStore(srv,coord0,coord1,coord2,value0,value1,value2,value3,mask)
  ret void
}

; Function Attrs: nounwind
define void @"\01?ch@@YAXUPayload@@UAttr@@@Z"(%struct.Payload* noalias nocapture %p, %struct.Attr* nocapture readonly %a) #0 {
  %1 = getelementptr inbounds %struct.Attr, %struct.Attr* %a, i32 0, i32 0
  %2 = load <2 x float>, <2 x float>* %1, align 4, !tbaa !31
  %3 = shufflevector <2 x float> %2, <2 x float> undef, <4 x i32> <i32 0, i32 1, i32 0, i32 1>
  %4 = getelementptr inbounds %struct.Payload, %struct.Payload* %p, i32 0, i32 0
  store <4 x float> %3, <4 x float>* %4, align 4
  ret void
}

; Function Attrs: nounwind
define void @"\01?mi@@YAXUPayload@@@Z"(%struct.Payload* noalias nocapture %p) #0 {
  %1 = getelementptr inbounds %struct.Payload, %struct.Payload* %p, i32 0, i32 0
  store <4 x float> zeroinitializer, <4 x float>* %1, align 4
  ret void
}

; Function Attrs: nounwind
define void @"\01?ca@@YAXUPayload@@@Z"(%struct.Payload* noalias nocapture %p) #0 {
  %1 = getelementptr inbounds %struct.Payload, %struct.Payload* %p, i32 0, i32 0
  store <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>, <4 x float>* %1, align 4
  ret void
}

; Function Attrs: nounwind
declare void @dx.op.textureStore.f32(i32, %dx.types.Handle, i32, i32, i32, float, float, float, float, i8) #0

; Function Attrs: nounwind readonly
declare %dx.types.Handle @"dx.op.createHandleForLib.class.RWTexture2D<vector<float, 4> >"(i32, %"class.RWTexture2D<vector<float, 4> >") #1

attributes #0 = { nounwind }
attributes #1 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!8, !13}
!dx.entryPoints = !{!21, !22, !25, !27, !29}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 3}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 3}
!4 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %"class.RWTexture2D<vector<float, 4> >"* @"\01?O@@3V?$RWTexture2D@V?$vector@M$03@@@@A", !"O", i32 0, i32 0, i32 1, i32 2, i1 false, i1 false, i1 false, !7}
!7 = !{i32 0, i32 9}
!8 = !{i32 0, %struct.Payload undef, !9, %struct.Attr undef, !11}
!9 = !{i32 16, !10}
!10 = !{i32 6, !"c", i32 3, i32 0, i32 7, i32 9}
!11 = !{i32 8, !12}
!12 = !{i32 6, !"b", i32 3, i32 0, i32 7, i32 9}
!13 = !{i32 1, void ()* @"\01?rg@@YAXXZ", !14, void (%struct.Payload*, %struct.Attr*)* @"\01?ch@@YAXUPayload@@UAttr@@@Z", !17, void (%struct.Payload*)* @"\01?mi@@YAXUPayload@@@Z", !20, void (%struct.Payload*)* @"\01?ca@@YAXUPayload@@@Z", !20}
!14 = !{!15}
!15 = !{i32 1, !16, !16}
!16 = !{}
!17 = !{!15, !18, !19}
!18 = !{i32 2, !16, !16}
!19 = !{i32 0, !16, !16}
!20 = !{!15, !18}
!21 = !{null, !"", null, !4, null}
!22 = !{void (%struct.Payload*)* @"\01?ca@@YAXUPayload@@@Z", !"\01?ca@@YAXUPayload@@@Z", null, null, !23}
!23 = !{i32 8, i32 12, i32 6, i32 16, i32 5, !24}
!24 = !{i32 0}
!25 = !{void (%struct.Payload*, %struct.Attr*)* @"\01?ch@@YAXUPayload@@UAttr@@@Z", !"\01?ch@@YAXUPayload@@UAttr@@@Z", null, null, !26}
!26 = !{i32 8, i32 10, i32 6, i32 16, i32 7, i32 8, i32 5, !24}
!27 = !{void ()* @"\01?rg@@YAXXZ", !"\01?mi@@YAXUPayload@@@Z", null, null, !28}
!28 = !{i32 8, i32 11, i32 6, i32 16, i32 5, !24}
!29 = !{void (%struct.Payload*)* @"\01?mi@@YAXUPayload@@@Z", !"\01?mi@@YAXUPayload@@@Z", null, null, !30}
!30 = !{i32 8, i32 7, i32 5, !24}
!31 = !{!32, !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C/C++ TBAA"}
