export {
  type AttachmentRecord,
  type OpenedAttachment,
  openAttachmentRecord,
} from "./attachment-keys";
export { removeAttachment, renameAttachment, rewrapAttachmentKeys } from "./change";
export { attachmentStream, downloadAttachment, openAttachment } from "./download";
export { type FileSource, readChunks } from "./file-source";
export {
  type ChunkOpener,
  type ChunkSealer,
  type NewFile,
  resumeUpload,
  type TransferOptions,
  type TransferProgress,
  type UploadOptions,
  uploadAttachment,
} from "./upload";
