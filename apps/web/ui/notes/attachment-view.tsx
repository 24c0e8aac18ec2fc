"use client";
// How an attachment shows in a note (issue 36): an image inline (its thumbnail at once,
// the full image when it has arrived), any other file as a chip with name, size and
// type. Open, download, rename and remove; while it uploads or downloads, progress
// and Cancel. Everything shown was opened on this device (note-attachments.ts).
import { NodeViewWrapper, type ReactNodeViewProps } from "@tiptap/react";
import { Download, ExternalLink, FileText, Pencil, Trash2, X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { useVault } from "../vault-context";
import type { AttachmentOptions } from "./attachment-node";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function AttachmentView(props: ReactNodeViewProps) {
  const { vault } = useVault();
  const id = String(props.node.attrs.id ?? "");
  const image = props.node.attrs.kind === "image";
  const noteId = (props.extension.options as AttachmentOptions).noteId;
  const shown = useSyncExternalStore(
    (listener) => vault.attachments.watch(id, listener),
    () => vault.attachments.get(id),
    () => vault.attachments.get(id),
  );
  useEffect(() => {
    if (id) void vault.attachments.show(noteId, id, image);
  }, [vault, noteId, id, image]);
  const editable = props.editor.isEditable;
  const meta = shown.metadata;
  const name = meta?.name ?? "Attachment";
  const progress = shown.progress;
  const percent =
    progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;

  const open = async () => window.open(await vault.attachments.fileUrl(noteId, id), "_blank");
  const download = async () => {
    const link = document.createElement("a");
    link.href = await vault.attachments.fileUrl(noteId, id);
    link.download = name;
    link.click();
  };
  const rename = async () => {
    const next = window.prompt("Rename the file", name);
    if (next && next !== name) await vault.attachments.rename(noteId, id, next);
  };
  const remove = async () => {
    props.deleteNode();
    await vault.attachments.remove(noteId, id).catch(() => undefined);
  };
  const cancel = async () => {
    props.deleteNode();
    await vault.attachments.cancel(noteId, id);
  };

  return (
    <NodeViewWrapper
      as="figure"
      className={`attachment ${image ? "attachment-image" : "attachment-file"}`}
      data-attachment-id={id}
      data-kind={image ? "image" : "file"}
      data-state={shown.state ?? "loading"}
      contentEditable={false}
    >
      {image ? (
        (shown.url ?? meta?.thumbnail) ? (
          // biome-ignore lint/performance/noImgElement: a blob: or data: URL made on this device; next/image would send it to the server to optimise
          <img
            src={shown.url ?? meta?.thumbnail}
            alt={name}
            width={meta?.width}
            height={meta?.height}
            data-full={shown.url ? "true" : "false"}
          />
        ) : (
          <div className="attachment-placeholder" role="img" aria-label={`${name} (loading)`} />
        )
      ) : (
        <div className="attachment-chip">
          <FileText aria-hidden="true" size={20} />
          <span className="attachment-name">{name}</span>
          {meta && (
            <span className="attachment-facts muted">
              {formatBytes(meta.size)}
              {meta.type ? ` · ${meta.type}` : ""}
            </span>
          )}
        </div>
      )}
      {progress && (
        <div className="attachment-progress" role="status">
          <progress
            max={100}
            value={percent}
            aria-label={`${name} ${progress.direction === "up" ? "uploading" : "downloading"}`}
          />
          <span>
            {progress.direction === "up" ? "Uploading" : "Downloading"} {percent}%
          </span>
        </div>
      )}
      {shown.problem && (
        <p className="attachment-problem" role="alert">
          {shown.problem}
        </p>
      )}
      <div className="attachment-actions">
        {shown.state === "uploading" && editable ? (
          <button type="button" className="secondary" onClick={() => void cancel()}>
            <X aria-hidden="true" size={16} /> Cancel upload
          </button>
        ) : (
          shown.state !== "uploading" &&
          meta && (
            <>
              <button
                type="button"
                className="icon-button"
                aria-label={`Open ${name}`}
                title="Open"
                onClick={() => void open()}
              >
                <ExternalLink aria-hidden="true" size={16} />
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Download ${name}`}
                title="Download"
                onClick={() => void download()}
              >
                <Download aria-hidden="true" size={16} />
              </button>
              {editable && (
                <>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Rename ${name}`}
                    title="Rename"
                    onClick={() => void rename()}
                  >
                    <Pencil aria-hidden="true" size={16} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${name}`}
                    title="Remove"
                    onClick={() => void remove()}
                  >
                    <Trash2 aria-hidden="true" size={16} />
                  </button>
                </>
              )}
            </>
          )
        )}
      </div>
    </NodeViewWrapper>
  );
}
