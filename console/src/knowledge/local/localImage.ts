/**
 * An image of a local project's page, kept in the page itself as a data URL: signed out there is no upload to send
 * it to, and the page (at most 5 MB, like any document) then carries its images into a team on upload.
 */
export function localImage(file: File): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ url: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error('app.request.network_error'));
    reader.readAsDataURL(file);
  });
}
