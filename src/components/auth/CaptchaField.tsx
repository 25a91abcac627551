import { placeholders } from '../../shared/schemas/auth.ts';

interface Props {
  id: string;
  value: string;
  image: string;
  onChange: (v: string) => void;
  onRefresh: () => void;
}

/** Image captcha shown when the server asks for it (isShowCode); clicking the image fetches a new one. */
export function CaptchaField({ id, value, image, onChange, onRefresh }: Props) {
  return (
    <div className="auth__row auth__captcha">
      <input
        id={id}
        type="text"
        autoComplete="off"
        maxLength={8}
        placeholder={placeholders.captcha}
        aria-label="图形验证码"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      <button type="button" className="auth__captcha-img" onClick={onRefresh} aria-label="看不清，换一张" data-captcha-refresh>
        {image && <img src={image} alt="图形验证码" width="120" height="40" />}
      </button>
    </div>
  );
}
