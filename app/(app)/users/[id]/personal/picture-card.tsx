import { Avatar } from "@/components/ui/avatar";
import { Card, CardContent } from "@/components/ui/card";
import { AvatarUpload } from "./avatar-upload";

/**
 * The personal tab's profile picture card, drawn by the server: the card, the avatar (which the
 * chosen file's preview covers), the label and the hint cost no JavaScript; the upload itself is
 * AvatarUpload's. One per page, so the input's id is fixed.
 */
export function PictureCard({
  userId,
  name,
  src,
}: {
  userId: number;
  name: string;
  src: string | null;
}) {
  const inputId = "profile-picture";
  const hintId = `${inputId}-hint`;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <AvatarUpload
          userId={userId}
          inputId={inputId}
          hintId={hintId}
          avatar={<Avatar name={name} src={src} alt="" size="lg" />}
          label={
            <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
              Profile picture
            </label>
          }
          hint={
            <p id={hintId} className="text-sm text-gray-600">
              JPEG, PNG or WebP, at most 5 MB. It is cut to a square.
            </p>
          }
        />
      </CardContent>
    </Card>
  );
}
